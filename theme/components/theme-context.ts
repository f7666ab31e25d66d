// What every theme component may read about the page being rendered. Built per
// document by src/render; components stay free of file system and config loading.
import type { Config, LinkItem, LocalizedString } from '../../src/config/schema.js';
import type { DocumentPlan } from '../../src/routes/plan.js';
import type { SiteNav } from './site-nav.js';
import type { UiStrings } from './strings.js';

export interface ThemeContext {
  config: Config;
  doc: DocumentPlan;
  locale: string;
  strings: UiStrings;
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
