// What the Markdown plugins know about the page being rendered, passed in vfile.data.
import GithubSlugger, { slug } from 'github-slugger';
import type { SchemaNames } from '../api/describe-schema.js';
import type { ApiModel } from '../api/openapi.js';
import type { Diagnostic } from '../diagnostics.js';
import type { DirectLink } from '../routes/direct-links.js';

export interface Heading {
  depth: number;
  id: string;
  text: string;
  /** An operation's heading: the operation's anchor ("create-payment"), which its id is unless the page shows the operation twice ("create-payment-1"); the API menu's badge is found by it. */
  operation?: string;
}

/** An internal link found in the page, to be checked once every page is rendered. */
export interface LinkRef {
  /** Target path (no hash), e.g. "/developers/dashboard-api"; "" for "#x" on the same page. */
  path: string;
  hash: string | null;
  line: number;
  column: number;
  /** A source path that is no page or file: reported where it is written, skipped later. */
  reported?: boolean;
  /** The link as written, where it is built to another URL (a redirect's "/api#x" to "/1/api/curl#x", a file's "../a.md#x" to "/guides/a#x"): what messages quote. */
  written?: string;
}

export interface SitePlaces {
  contentDir: string;
  configFile: string;
  /** Where the OpenAPI document is, or belongs (api.openapi). */
  openapi: string;
}

export interface MarkdownContext {
  /** Source path under content/ of the file being rendered. */
  source: string;
  /** Absolute path of that file, for diagnostics. */
  file: string;
  /** URL of every page by source path (content-relative, "/" separators). */
  urlBySource: ReadonlyMap<string, string>;
  /** Content-relative paths of the static files under content/. */
  assets: ReadonlySet<string>;
  /** The OpenAPI model, for the API reference's directives. */
  api: ApiModel | null;
  /** Where the site's files are, absolute: hints name them from the working folder (shownPath), as the config sets them. */
  places: SitePlaces;
  /** The site has the document but it did not load: its directives are left out without a word (the document's errors say why). */
  apiFailed?: boolean;
  /** Locale of the page (null for pages that are not translated). */
  locale: string | null;
  /** The schemas whose lists the document shows (`::schema`, in any of its sections): what its responses and fields link to (schemasShown). */
  apiSchemasShown?: ReadonlySet<string>;
  /** Which component each of the document's schemas is (schemaNames), found once for the whole document. */
  apiSchemaNames?: SchemaNames;
  /** The language of the API page being rendered; other languages' blocks are dropped. */
  apiLanguage: string | null;
  apiLanguages: readonly string[];
  /** Shared across the sections of one document so ids stay unique. */
  slugger: DocumentSlugger;
  diagnostics: Diagnostic[];
  headings: Heading[];
  links: LinkRef[];
  /**
   * Set when the page's Markdown twin is wanted (build, llms.enabled; remark-twin.ts): the
   * document this source is part of and the public site URL its links are made absolute with.
   */
  twin?: { url: string; locale: string; siteUrl: string; redirectOf?: (path: string, locale: string, language: string | null) => string | null } | null;
  /** Where a link to a site path that redirects lands for every reader of this document (src/routes/direct-links.ts), or null to keep it as written. */
  directLink?: ((path: string) => DirectLink | null) | null;
}

declare module 'vfile' {
  interface DataMap {
    ctx: MarkdownContext;
    /** Where ("line:column") the headings whose id the writer gave ({#id}) start: remark-heading-ids.ts marks them, rehype-headings.ts reports such an id when it is taken. */
    writtenIds: Set<string>;
  }
}

export function contextOf(file: { data: { ctx?: MarkdownContext } }): MarkdownContext {
  const ctx = file.data.ctx;
  if (!ctx) throw new Error('Internal error: Markdown rendered without a context');
  return ctx;
}

/**
 * Ids the theme's own elements use on every page: a heading must never take one (a
 * "## bankdocs consent" heading broke the consent banner, issue #20), so they are
 * taken before any heading and such a heading gets "-1".
 */
export const THEME_IDS = ['main', 'site-menu', 'api-menu', 'bankdocs-consent', 'consent-title', 'consent-text', 'bankdocs-routes', 'bankdocs-runtime'] as const;

/** What holds an id of a document, named when a heading's own id ({#id}) cannot be kept. */
export interface IdHolder {
  kind: 'frame' | 'operation' | 'field' | 'section' | 'heading' | 'tabs' | 'footnote';
  /** Where it is written: the content-relative source, and its line when known. */
  at?: { source: string; line?: number };
}

/**
 * The ids of one document (a page, or every section of an API reference page): GitHub's
 * slugs, made unique, with the theme's ids taken first and reserved ids kept for the
 * elements that name them (an operation's "#create-payment", which links and the README
 * promise; its fields' "#create-payment-creditorname"): a prose heading "Create payment"
 * gets "-1" instead of taking it.
 */
export class DocumentSlugger {
  private readonly slugger = new GithubSlugger();
  private readonly holders = new Map<string, IdHolder>();
  private readonly kept = new Set<string>();
  private readonly operations = new Map<string, { source: string; line: number }>();

  constructor(reserved: { operations?: Iterable<string>; fields?: Iterable<string> } = {}) {
    for (const id of THEME_IDS) this.take(id, { kind: 'frame' });
    for (const id of reserved.operations ?? []) if (this.take(id, { kind: 'operation' }) === id) this.kept.add(id);
    for (const id of reserved.fields ?? []) if (this.take(id, { kind: 'field' }) === id) this.kept.add(id);
  }

  /** A unique slug of `text`, held by `holder`. */
  take(text: string, holder: IdHolder): string {
    const id = this.slugger.slug(text);
    this.holders.set(id, holder);
    return id;
  }

  /** The reserved id for the element that names it (an operation's heading, a field's row) the first time, else a unique slug of it. */
  claimReserved(id: string, holder: IdHolder): string {
    return this.kept.delete(id) ? id : this.take(id, holder);
  }

  /** Where the document shows an operation first (`:::operation`): null the first time, when `at` is kept as that place. */
  operationShown(operationId: string, at: { source: string; line: number }): { source: string; line: number } | null {
    const first = this.operations.get(operationId);
    if (first) return first;
    this.operations.set(operationId, at);
    return null;
  }

  /**
   * The id a writer gave (`{#install}`, `{#MyId}` with its capitals), and what held it
   * already when it is taken (it then gets a unique slug of it, as any heading: "install-1").
   */
  claim(id: string, holder: IdHolder): { id: string; heldBy: IdHolder | null } {
    // Written with capitals (`{#MyId}`): kept as written, since ids and links match case
    // by case. No slug has capitals, so only another such id can hold it.
    if (slug(id) !== id) {
      const heldBy = this.holders.get(id) ?? null;
      if (heldBy) return { id: this.take(id, holder), heldBy };
      this.holders.set(id, holder);
      return { id, heldBy: null };
    }
    const heldBy = this.holders.get(id) ?? null;
    return { id: this.take(id, holder), heldBy };
  }
}
