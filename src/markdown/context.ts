// What the Markdown plugins know about the page being rendered, passed in vfile.data.
import GithubSlugger from 'github-slugger';
import type { ApiModel } from '../api/openapi.js';
import type { Diagnostic } from '../diagnostics.js';
import type { DirectLink } from '../routes/direct-links.js';

export interface Heading {
  depth: number;
  id: string;
  text: string;
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
  /** The link as written, where it is built to where its redirect lands ("/api#x" for "/1/api/curl#x"): what messages quote. */
  written?: string;
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
  /** The site has the document but it did not load: its directives are left out without a word (the document's errors say why). */
  apiFailed?: boolean;
  /** Locale of the page (null for pages that are not translated). */
  locale: string | null;
  /** The language of the API page being rendered; other languages' blocks are dropped. */
  apiLanguage: string | null;
  apiLanguages: readonly string[];
  /** Shared across the sections of one document so ids stay unique. */
  slugger: GithubSlugger;
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

/** Ids a document keeps for elements that name them themselves (API operations' anchors), by slugger. */
const owned = new WeakMap<GithubSlugger, Set<string>>();

/**
 * A slugger for one document, with the theme's ids already taken, and `reserved` ids kept
 * for the headings that name them (an operation's "#create-payment", which links and the
 * README promise): a prose heading "Create payment" gets "-1" instead of taking it.
 */
export function documentSlugger(reserved: Iterable<string> = []): GithubSlugger {
  const slugger = new GithubSlugger();
  for (const id of THEME_IDS) slugger.slug(id);
  const kept = new Set<string>();
  for (const id of reserved) if (slugger.slug(id) === id) kept.add(id);
  if (kept.size) owned.set(slugger, kept);
  return slugger;
}

/** The id of a heading that names its own (`id`): the reserved id itself the first time, else a unique slug of it. */
export function claimId(slugger: GithubSlugger, id: string): string {
  const kept = owned.get(slugger);
  if (kept?.delete(id)) return id;
  return slugger.slug(id);
}
