// What a theme may import from bankdocs (issue #16): the theme contract's types, the data
// a layout receives, and a few pure helpers (dependency-free, so the browser runtime can
// import them too). theme/ imports nothing else from src/ (tests/unit/theme/boundary.test.ts);
// the package's "bankdocs/theme" (theme/index.ts) re-exports all of it beside the built-in
// theme's components.
export type { ApiDocument, DocumentPlan, LegalVersionLink, NavLink, NotFoundDocument, PageDocument, RoutePlan } from './routes/plan.js';
export type { Heading } from './markdown/context.js';
export type { Page, PageData, Site } from './content/site.js';
export type { PageInfo, CollectionModel } from './content/collections.js';
export type { LayoutName } from './config/collections-schema.js';
export type { Config, LinkItem, LocalizedString } from './config/schema.js';
export type {
  ApiLayoutProps,
  ApiSectionView,
  ComponentName,
  Crumb,
  DocumentProps,
  ExampleProps,
  FieldProps,
  FieldsProps,
  LayoutParts,
  NotFoundLayoutProps,
  OperationProps,
  PageLayoutProps,
  PageSidebarProps,
  SchemaProps,
  TabPanelProps,
  TabsProps,
  Theme,
  ThemeComponents,
  ThemeContext,
  ThemeLayoutName,
  UiStrings,
  UiStringsOverride,
} from './theme/contract.js';
export type { HelpSection, NavItem, SiteNav } from './theme/nav.js';
export type { SearchGroup } from './search/entries.js';
export type { ApiKeyPlace, AuthKind } from './api/auth.js';
export type { RuntimeStrings } from './render/runtime-strings.js';
export type { RecordChunk, SearchMeta } from './search/build-index.js';
export type { SiteFacts } from './routes/resolve.js';

// Pure helpers.
export { guidePath, holdsPage, pagesOf } from './theme/nav.js';
export { markdownTwinUrl } from './routes/markdown-twin.js';
export { xDefaultUrl } from './routes/alternates.js';
export { LANGUAGE_STORAGE_KEY, LOCALE_STORAGE_KEY, resolveRoute } from './routes/resolve.js';
export { fold, queryWords } from './search/tokenize.js';
