// "bankdocs/theme": the data a layout receives, as types (issue #16). The theme contract
// (layouts per collection, components, strings) builds on these.
export type { ApiDocument, DocumentPlan, LegalVersionLink, NavLink, NotFoundDocument, PageDocument, RoutePlan } from './routes/plan.js';
export type { Heading } from './markdown/context.js';
export type { Page, PageData, Site } from './content/site.js';
export type { PageInfo, CollectionModel } from './content/collections.js';
export type { LayoutName } from './config/collections-schema.js';
export type { Config, LinkItem, LocalizedString } from './config/schema.js';
