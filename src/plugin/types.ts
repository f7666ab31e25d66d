// The plugin API's types (issue #16): what a plugin module exports, what its directives,
// checks and strings look like. Published as "bankdocs/plugin" with definePlugin.
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import type { RootContent } from 'mdast';
import type { Pluggable } from 'unified';

/** How one attribute of a directive is checked. */
export interface AttributeSchema {
  /** A directive without it is an error. */
  required?: boolean;
  /** The only values allowed, e.g. ["info", "warning"]. */
  values?: readonly string[];
  /** A regular expression (source text) the whole value must match, e.g. "^[a-z]+$". */
  pattern?: string;
  /** What it does: shown in messages about it. */
  description?: string;
}

export type DirectiveNode = LeafDirective | ContainerDirective;

/** Given to a directive's transform for each directive written in a page. */
export interface DirectiveContext {
  /** The attributes as written (already checked against the schema). */
  attributes: Readonly<Record<string, string>>;
  /** The page's locale; null for pages that are not translated. */
  locale: string | null;
  /** The page's path under the content folder. */
  source: string;
  /** A UI string of the plugins for the page's locale (the default locale's, else the key). */
  t(key: string): string;
  /** Reports a problem at the directive (or at `node`), as file:line:col with the rule id "<plugin>/<rule>". */
  report(message: string, options?: { hint?: string; rule?: string; severity?: 'error' | 'warning'; node?: { position?: DirectiveNode['position'] } }): void;
}

/** Returns the Markdown nodes that replace the directive; null or undefined removes it. */
export type DirectiveTransform = (node: DirectiveNode, context: DirectiveContext) => RootContent | RootContent[] | null | undefined;

export interface DirectiveDefinition {
  /** leaf: `::name{…}` on one line; container: `:::name{…}` … `:::`; any (default): both. */
  kind?: 'leaf' | 'container' | 'any';
  description?: string;
  /** Attributes it takes; any other is reported (directive-attribute-unknown). */
  attributes?: Readonly<Record<string, AttributeSchema>>;
  /**
   * Turns the directive into Markdown nodes. Left out, the directive stays in the tree for
   * the plugin's own remark plugins (bankdocs' tabs and operations work that way).
   */
  transform?: DirectiveTransform;
}

/** A page as checks see it. */
export interface PluginPage {
  /** Path under the content folder, e.g. "developers/payments.md". */
  source: string;
  /** Absolute path of the file. */
  file: string;
  url: string | null;
  collection: string;
  locale: string | null;
  /** Its front matter, validated. */
  data: Readonly<Record<string, unknown>>;
  /** The Markdown text; front matter lines are blank, so offsets are file offsets. */
  body: string;
}

/** What checks read: the site model, as plain data. */
export interface PluginSite {
  contentDir: string;
  locales: readonly string[];
  defaultLocale: string;
  pages: readonly PluginPage[];
  /** The declared collections in force (names, layouts, URL patterns). */
  collections: readonly { name: string; layout: string; url?: string | undefined; translated: boolean }[];
}

/** A problem a check found. Placed by page and offset in its body, or by line and column. */
export interface PluginProblem {
  message: string;
  hint?: string;
  severity?: 'error' | 'warning';
  /** The page (its source) the problem is in; left out: the config file. */
  source?: string;
  /** Offset in the page's body (from PluginPage.body.indexOf(…), say). */
  offset?: number;
  line?: number;
  column?: number;
  /** Appended to the plugin name for the rule id; default: the check's id. */
  rule?: string;
}

export interface PluginCheck {
  /** Rule id part: "<plugin>/<id>". Lower-case words joined by "-". */
  id: string;
  description?: string;
  run(site: PluginSite): readonly PluginProblem[] | Promise<readonly PluginProblem[]>;
}

export interface BankdocsPlugin {
  /** The plugin's name: lower-case words joined by "-", the first part of its rule ids. */
  name: string;
  directives?: Readonly<Record<string, DirectiveDefinition>>;
  /** unified plugins run on the Markdown tree after bankdocs' own: a plugin, or [plugin, options]. */
  remarkPlugins?: readonly Pluggable[];
  /** unified plugins run on the HTML tree after bankdocs' own, before React renders it. */
  rehypePlugins?: readonly Pluggable[];
  checks?: readonly PluginCheck[];
  /** UI strings per locale, e.g. { en: { "note.title": "Note" } }: DirectiveContext.t reads them. */
  strings?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** A plugin module's default export: the plugin, or a function of the options written in the config. */
export type PluginExport = BankdocsPlugin | ((options: unknown) => BankdocsPlugin);
