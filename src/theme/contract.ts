// The theme contract (issue #16): what a theme is made of and what each of its parts
// receives. bankdocs renders every page through one Theme object; the built-in theme
// (theme/index.ts) is one, and a site replaces single components and strings of it in
// docs.config.yaml (theme.components, theme.strings; src/theme/overrides.ts).
import type { ApiKeyPlace, AuthKind } from '../api/auth.js';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import type { LayoutName } from '../config/collections-schema.js';
import type { Config, LinkItem, LocalizedString } from '../config/schema.js';
import type { Heading } from '../markdown/context.js';
import type { ApiDocument, DocumentPlan, PageDocument } from '../routes/plan.js';
import type { SiteNav } from './nav.js';

/** The theme's own words, per locale; the menu and footer labels are in docs.config.yaml. */
export interface UiStrings {
  skipToContent: string;
  menu: string;
  toggleMenu: string;
  onThisPage: string;
  previous: string;
  next: string;
  fallbackNotice: string;
  versions: string;
  effectiveFrom: string;
  latest: string;
  youAreReading: string;
  /** On an older legal version: "{version}" is the latest's, linked to it. */
  newerVersion: string;
  legalSample: string;
  notFoundText: string;
  backHome: string;
  introduction: string;
  faq: string;
  exampleLanguage: string;
  copy: string;
  helpSections: string;
  emptyTab: string;
  /** The title line of a GitHub alert (`> [!NOTE]` …) of each kind. */
  alertNote: string;
  alertTip: string;
  alertImportant: string;
  alertWarning: string;
  alertCaution: string;
  /** The titles of Docusaurus' and Starlight's `:::info` and `:::danger` admonitions. */
  alertInfo: string;
  alertDanger: string;
  /** Footnotes (`[^1]`): the heading of their list, read by screen readers and listed in the table of contents, and each back link's label ("{n}": the reference's number, "1" or "1-2"). */
  footnotes: string;
  footnoteBack: string;
  copied: string;
  copyFailed: string;
  /** "Copy page as Markdown" (issue #18): the button, its confirmation, and its failure ("{url}" is the page's .md address). */
  copyPage: string;
  copyPageDone: string;
  copyPageFailed: string;
  close: string;
  loadError: string;
  toggleApiMenu: string;
  language: string;
  consentTitle: string;
  consentText: string;
  acceptAll: string;
  rejectAll: string;
  choose: string;
  saveChoices: string;
  necessary: string;
  necessaryText: string;
  functional: string;
  functionalText: string;
  analytics: string;
  analyticsText: string;
  serviceError: string;
  /** Search (issue #17): the header button and the dialog; the dialog gets them with the index. */
  search: string;
  searchPlaceholder: string;
  searchResults: string;
  /** "{query}" is replaced by what was typed. */
  searchNoResults: string;
  /** Said when what was typed holds no word of two letters or more. */
  searchTooShort: string;
  /** "{count}" is replaced by the number of results. */
  searchCount: string;
  searchCountOne: string;
  searchFailed: string;
  searchHelp: string;
  /** Heads the best results of two kinds, listed before the groups. */
  searchTop: string;
  searchGroups: { api: string; guide: string; help: string; support: string; legal: string; home: string };
  /** Issue #19: the page frame (breadcrumbs, sidebars, colour scheme), the landing page and the 404 page. */
  home: string;
  breadcrumbs: string;
  guides: string;
  /** The sidebar of a long folder: links to the pages before and after the ones it lists ("{count}" is their number). */
  earlierPages: string;
  laterPages: string;
  /** The same for one page ("1 earlier page"). */
  earlierPagesOne: string;
  laterPagesOne: string;
  apiReference: string;
  darkMode: string;
  closeMenu: string;
  request: string;
  response: string;
  /** The landing page's calls to action and card titles. */
  heroPrimary: string;
  heroSecondary: string;
  exploreGuides: string;
  apiReferenceText: string;
  supportText: string;
  /** The 404 page: a search box and the main sections. */
  notFoundSearch: string;
  notFoundSections: string;
  /** The 404 page's title and description. */
  notFoundTitle: string;
  notFoundDescription: string;
  /** A redirect stub's title and its text for a browser without JavaScript; "{url}" is where the page moved (the text links it). */
  redirectTitle: string;
  redirectText: string;
  /** The API reference's title and description: "{product}", "{tag}", "{version}" and "{language}" are the site's. */
  apiReferenceTitle: string;
  apiReferenceDescription: string;
  /** An API operation's facts: "Scope: … · Authentication: …". */
  operationScope: string;
  operationAuth: string;
  operationNone: string;
  /** The mark of an operation the API will drop (`deprecated: true`). */
  operationDeprecated: string;
  authBasic: string;
  authBearer: string;
  /** "{name}" is the header, query parameter or cookie the key goes in. */
  authApiKeyHeader: string;
  authApiKeyQuery: string;
  authApiKeyCookie: string;
  /** An OAuth 2.0 scheme: "{flows}" is how its token is got, the flows' words below joined with ", ". */
  authOAuth2: string;
  authFlowAuthorizationCode: string;
  authFlowClientCredentials: string;
  authFlowImplicit: string;
  authFlowPassword: string;
  /** Fields of an operation: whether each is required, and the lists' captions. */
  fieldRequired: string;
  fieldOptional: string;
  fieldsParameters: string;
  fieldsAttributes: string;
  fieldsBody: string;
  fieldsForm: string;
  /** The caption of an operation's list of responses (status, media types, description). */
  fieldsResponses: string;
  /** The caption of a response's headers, listed under it (Location, Retry-After). */
  fieldsHeaders: string;
  /** Under a list too long to list every nested field: "{count}" is how many it leaves out ("347", "10000+"), "{first}" the first of them, shown as code. */
  fieldsUnlisted: string;
  /** Before a field's name as the page's example language writes it ("In ruby:" creditor_name); "{language}" is the language. */
  fieldInLanguage: string;
  /** Under a response or field whose fields a schema's list on the page shows; "{name}" is the schema, a link to its list ("Fields: Account"). */
  fieldsOf: string;
  /** The type of a resource's relationship, to one resource or to many; "{name}" is what it leads to ("to one: FinancialInstitution"). */
  relationToOne: string;
  relationToMany: string;
}

/** Strings as a site overrides them: any of the keys, searchGroups by group. */
export type UiStringsOverride = Partial<Omit<UiStrings, 'searchGroups'>> & { searchGroups?: Partial<UiStrings['searchGroups']> };

/** What every theme component may read about the page being rendered. Built per document by src/render. */
export interface ThemeContext {
  config: Config;
  doc: DocumentPlan;
  locale: string;
  /** The page locale's strings: the theme's, with the site's overrides (theme.strings). */
  strings: UiStrings;
  /** Another locale's strings, for what the runtime swaps in on pages that are not translated. */
  stringsOf(locale: string): UiStrings;
  /** The components in force: the theme's, with the site's overrides (theme.components). Render parts through these. */
  components: ThemeComponents;
  /** Resolves a menu or footer item to its href for this page (null for action buttons). */
  hrefOf(item: LinkItem, locale?: string): string | null;
  label(text: LocalizedString, locale?: string): string;
  /** True for pages that exist per locale; the others follow the visitor's stored locale in the browser. */
  translated: boolean;
  /** For 404.html: the route facts and the inline resolver script. */
  resolver: { facts: string; script: string } | null;
  /** Absolute URL on the public site. */
  absolute(path: string): string;
  assets: { css: string; script: string | null; logo: string; socialImage: string };
  buildYear: number;
  /** Guides, help sections and entry points, for the sidebar, breadcrumbs, landing and 404 pages. */
  nav: SiteNav;
}

/** An API reference section as its layout and menu get it. */
export interface ApiSectionView {
  id: string;
  title: string;
  headings: Heading[];
  content: ReactNode;
}

export interface Crumb {
  url: string | null;
  title: string;
  /** The link's text and address per locale, on pages that are not translated. */
  l10n?: { 'data-l10n'?: string };
  /** The title's language when it is not the page's (a folder's page not yet translated). */
  lang?: string;
}

/** A page of a Markdown collection: its plan, its rendered Markdown and its headings. */
export interface PageLayoutProps {
  ctx: ThemeContext;
  doc: PageDocument;
  content: ReactNode;
  headings: Heading[];
  /** What goes between the title and the text (the legal layout's version line). */
  before?: ReactNode;
}
export interface ApiLayoutProps {
  ctx: ThemeContext;
  doc: ApiDocument;
  sections: ApiSectionView[];
}
export interface NotFoundLayoutProps {
  ctx: ThemeContext;
}
export interface PageSidebarProps {
  ctx: ThemeContext;
  doc: PageDocument;
}
export interface DocumentProps {
  ctx: ThemeContext;
  children: ReactNode;
  sidebar?: ReactNode;
  /** The runtime's settings as JSON, for <script id="bankdocs-runtime">. */
  runtimeConfig: string;
}

// The named elements of rendered Markdown (src/markdown/remark-tabs.ts, remark-api.ts):
// the data of each comes as props, its Markdown content as children.

/** `::::tabs`: the view; its children are its TabPanels. */
export interface TabsProps {
  /** Unique on the page: the panels' and buttons' ids start with it. */
  id: string;
  titles: string[];
  /** Each tab's example language (api.languages) when its title names one, else null; absent when none does. */
  languages?: (string | null)[];
  children?: ReactNode;
}
/** `:::tab{title="…"}`: one panel; children are its content, or the empty-state text. */
export interface TabPanelProps {
  tabsId: string;
  index: number;
  title: string;
  /** The tab had no content: children are the empty-state paragraph. */
  empty: boolean;
  /** The example language (api.languages) the title names, if any. */
  language?: string;
  children?: ReactNode;
}
/** `:::operation{id="…"}`: the operation's facts; children are its prose and Fields, `examples` its Examples. */
export interface OperationProps {
  id: string;
  method: string;
  path: string;
  /** The path of the API's server that `path` follows ("/open-banking/v4.0/aisp"), when it has one: the full path is basePath + path. */
  basePath?: string;
  scopes: string[];
  auth: AuthKind;
  /** Where the API key goes, for auth "apiKey". */
  apiKey?: ApiKeyPlace;
  /**
   * The words of the facts line in the page's language: "Scope", "none", "Authentication",
   * and how the operation authenticates; `deprecated`, the mark of a deprecated operation.
   */
  facts: { scope: string; none: string; auth: string; authText: string; deprecated?: string };
  children?: ReactNode;
  examples?: ReactNode;
}
/** A list of fields: an operation's parameters or body, or a `::schema`'s attributes. */
export interface FieldsProps {
  /** "Parameters", "Attributes (data.attributes)", …; null for a schema. */
  caption: string | null;
  /** A request body's list: whether the operation needs the body (OpenAPI's requestBody.required), and that word in the page's language. */
  required?: boolean;
  requiredLabel?: string;
  /** A list cut at its length: the note under it, its count filled in, and the first field it leaves out (for "{first}"). */
  unlisted?: { label: string; first: string };
  children?: ReactNode;
}
export interface FieldProps {
  /** The row's id, unique on the page ("create-payment-creditorname"): the row is its target, and its name links to it. */
  id?: string;
  name: string;
  type: string;
  /** null where requiredness does not apply (a schema's attributes). */
  required: boolean | null;
  /** "required" or "optional" in the page's language, where requiredness applies. */
  requiredLabel?: string;
  /** The rules (enum, format, bounds), with inline code. */
  rules?: ReactNode;
  /** The description: inline Markdown (one paragraph's text), or blocks where `descriptionBlocks` says so. */
  description?: ReactNode;
  /** The description is blocks (paragraphs, lists, code, alerts), to be placed in an element that may hold them (a div, not a p). */
  descriptionBlocks?: boolean;
  /**
   * The name as the page's example language writes it, where it differs (the Ruby
   * client's keywords and readers: creditorName is creditor_name), with its label ("In ruby:").
   */
  inLanguage?: { label: string; name: string };
  /** Where the page lists the fields of the row's value (a response's Account): `label` ("Fields: {name}") in the page's language, the schema's name, and the link to its list. */
  fieldsOf?: { label: string; name: string; href: string };
  /** A response's headers: a Fields list of their rows (Location, Retry-After), to show under the response. */
  headers?: ReactNode;
}
/** An example of an operation: a request in the page's language or a response, around its code block. */
export interface ExampleProps {
  kind: 'request' | 'response' | 'other';
  method: string;
  /** The response's status code ("" when the response names none and the operation has no 2xx). */
  status: string;
  children?: ReactNode;
}
/** `::schema{name="…"}`: children are its Fields. */
export interface SchemaProps {
  name: string;
  /** The id of the schema's lists ("payment-object"), which an operation's responses link to. */
  id?: string;
  children?: ReactNode;
}

type C<P> = ComponentType<P>;

/**
 * Every component of a theme, by the name a site overrides it with (theme.components in
 * docs.config.yaml). Layouts and parts receive `ctx`; Markdown elements receive their
 * HTML attributes (Link, CodeBlock, Table, Image, ListItem) or their data (Tabs, Operation…).
 */
export interface ThemeComponents {
  Document: C<DocumentProps>;
  Header: C<{ ctx: ThemeContext }>;
  Footer: C<{ ctx: ThemeContext }>;
  Consent: C<{ ctx: ThemeContext }>;
  Breadcrumbs: C<{ ctx: ThemeContext; crumbs: Crumb[]; lang?: string }>;
  Toc: C<{ ctx: ThemeContext; headings: Heading[]; lang?: string }>;
  PrevNext: C<{ ctx: ThemeContext; doc: PageDocument; lang?: string }>;
  FallbackNotice: C<{ ctx: ThemeContext; doc: PageDocument }>;
  CopyPageButton: C<{ ctx: ThemeContext; url: string; lang?: string }>;
  ArticleLayout: C<PageLayoutProps>;
  HelpLayout: C<PageLayoutProps>;
  LegalLayout: C<PageLayoutProps>;
  HomeLayout: C<PageLayoutProps>;
  ApiLayout: C<ApiLayoutProps>;
  NotFoundLayout: C<NotFoundLayoutProps>;
  ArticleSidebar: C<PageSidebarProps>;
  HelpSidebar: C<PageSidebarProps>;
  LegalSidebar: C<PageSidebarProps>;
  ApiSidebar: C<ApiLayoutProps>;
  Link: C<ComponentProps<'a'>>;
  CodeBlock: C<ComponentProps<'pre'>>;
  Table: C<ComponentProps<'table'>>;
  Image: C<ComponentProps<'img'>>;
  ListItem: C<ComponentProps<'li'>>;
  Tabs: C<TabsProps>;
  TabPanel: C<TabPanelProps>;
  Operation: C<OperationProps>;
  Fields: C<FieldsProps>;
  Field: C<FieldProps>;
  Example: C<ExampleProps>;
  Schema: C<SchemaProps>;
}

export type ComponentName = keyof ThemeComponents;

/** The components a layout renders with: the page itself, and the sidebar beside it (null: none). */
export interface LayoutParts {
  main: ComponentName;
  sidebar: ComponentName | null;
}

/** The page kinds a theme lays out: each collection layout, and the 404 page. */
export type ThemeLayoutName = LayoutName | 'not-found';

export interface Theme {
  name: string;
  /** Per layout (a collection's `layout:`, and "not-found"), the components that draw it. */
  layouts: Record<ThemeLayoutName, LayoutParts>;
  components: ThemeComponents;
  /** Strings per locale; `en` is the fallback of a locale the theme does not know. */
  strings: Readonly<Record<string, UiStrings>> & { en: UiStrings };
  /** Paths relative to the theme's folder: the browser runtime's entry, the redirect stubs' script, the stylesheet. */
  assets: { client: string; redirect: string; css: string };
  /** Runs first in every page's <head> (colour scheme, menu state); its hash goes into the CSP. */
  bootScript: string;
}
