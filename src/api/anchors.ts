// The ids the API reference gives what it lists: an operation's anchor and the parts of its
// rows' ids. Each is a slug as github-slugger makes it, so that the page's slugger keeps it
// as it is (an id it would change is not the id the page promises).
import { slug } from 'github-slugger';

/**
 * "createPayment" -> "create-payment": the anchor of an operation on the reference page.
 * Characters a slug leaves out separate words, as they do for rows: GitHub's
 * "repos/get" is "repos-get" (it was "reposget", which the page then gave "-1").
 */
export function operationAnchor(id: string): string {
  return kebabCase(id) || 'operation';
}

/**
 * A name in kebab case, its words as idPart makes them ("BulkPayment" is "bulk-payment");
 * empty for a name of no letters or digits. An acronym is a word apart from the word after
 * it, as camelCase splitters read it: Open Banking UK's "OBReadAccount6" is
 * "ob-read-account6" (it was "obread-account6"), "HTTPHeader" "http-header". One capital
 * before a word stays with it ("OAuthToken" is "oauth-token", as it was).
 */
export function kebabCase(name: string): string {
  return idPart(name.replace(/([A-Z]{2,})([A-Z][a-z])/g, '$1-$2').replace(/([a-z0-9])([A-Z])/g, '$1-$2'));
}

/** A name as part of an id: its words in lower case, joined by "-" ("Idempotency-Key" is "idempotency-key", "creditor.address" "creditor-address"). */
export function idPart(name: string): string {
  return name
    .split(/[^\p{L}\p{N}_-]+/u)
    .map((word) => slug(word))
    .filter(Boolean)
    .join('-');
}
