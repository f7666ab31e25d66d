// How an operation authenticates, in the words of the page's language (the theme's
// strings); pure: the theme imports it through bankdocs/theme.
import type { UiStrings } from '../theme/contract.js';

/** Where an API key goes (an OpenAPI `apiKey` security scheme). */
export interface ApiKeyPlace {
  in: 'header' | 'query' | 'cookie';
  name: string;
}

export type AuthKind = 'bearer' | 'basic' | 'apiKey' | 'none';

/** One security scheme of an operation: how a credential is sent. */
export interface AuthScheme {
  auth: Exclude<AuthKind, 'none'>;
  /** Where the key goes, for auth "apiKey". */
  apiKey?: ApiKeyPlace;
}

/**
 * An operation's security requirements (OpenAPI `security`): alternatives, any one of
 * which is enough; each names the schemes it needs together. An empty alternative (`{}`)
 * makes authentication optional; no alternatives, none needed.
 */
export type Security = AuthScheme[][];

export type AuthStrings = Pick<UiStrings, 'operationNone' | 'authBasic' | 'authBearer' | 'authApiKeyHeader' | 'authApiKeyQuery' | 'authApiKeyCookie'>;

/**
 * The requirements in words: alternatives apart with " / ", schemes needed together joined
 * with " + " ("bearer access token / API key in the X-API-Key header"; "none / …" when
 * authentication is optional).
 */
export function describeSecurity(security: Security, strings: AuthStrings): string {
  if (!security.length) return strings.operationNone;
  return security.map((needed) => (needed.length ? needed.map((scheme) => describeAuth(scheme.auth, scheme.apiKey, strings)).join(' + ') : strings.operationNone)).join(' / ');
}

/** "bearer access token", "API key in the X-API-Key header", … */
export function describeAuth(auth: AuthKind, apiKey: ApiKeyPlace | null | undefined, strings: AuthStrings): string {
  switch (auth) {
    case 'basic':
      return strings.authBasic;
    case 'bearer':
      return strings.authBearer;
    case 'apiKey': {
      const text = apiKey?.in === 'query' ? strings.authApiKeyQuery : apiKey?.in === 'cookie' ? strings.authApiKeyCookie : strings.authApiKeyHeader;
      return text.replace('{name}', apiKey?.name ?? '');
    }
    case 'none':
      return strings.operationNone;
  }
}
