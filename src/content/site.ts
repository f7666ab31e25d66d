// The Site model: everything the later stages need, read once from the content folder.
// Plain data (no functions, no class instances) so it can be sent to render workers.
import type { ApiModel } from '../api/openapi.js';
import type { Config } from '../config/schema.js';
import type { AnyPluginSpec } from '../markdown/plugins.js';
import type { ThemeOverrides } from '../theme/load-theme.js';
import type { CollectionModel, PageInfo } from './collections.js';

export interface PageData {
  title: string;
  description?: string;
  order?: number;
  effective?: string;
  /** Keys a collection's declaration adds (collections[].frontMatter). */
  [key: string]: unknown;
}

export interface Page {
  /** Path under content/, with "/" separators: the page's identity. */
  source: string;
  /** Absolute path of the file. */
  file: string;
  /** The SHA-1 of the file's bytes as read ("sha1:…"): what the cache keys the page's text by. */
  hash?: string;
  /** Its collection, layout, locale and the placeholder values of its file pattern. */
  info: PageInfo;
  data: PageData;
  /** Markdown body; front matter lines are blank so positions are file positions. */
  body: string;
  /** Built URL ("/en/support"); null for API sections, which are parts of the API pages. */
  url: string | null;
  /** The front matter's YAML and the lines before it, for checks that need its positions (the file is read once). */
  frontMatter?: { yaml: string; lineOffset: number };
}

export interface Asset {
  /** Path under content/ and under dist/. */
  rel: string;
  file: string;
}

export interface Site {
  config: Config;
  configFile: string;
  /** The site plugins and remark and rehype plugins, found and checked when the config was read; each render thread imports them. */
  markdownPlugins?: AnyPluginSpec[];
  /** The site's theme overrides (theme.components in docs.config.yaml), compiled when the config was read; each renderer loads them. */
  theme?: ThemeOverrides | null;
  /** The collections in force (collections: in docs.config.yaml, or the built-in ones). */
  collections: CollectionModel[];
  contentDir: string;
  pages: Page[];
  assets: Asset[];
  /** Host configuration files under content/ that site.hostFiles publishes (_redirects, _headers, …). */
  hostFiles: Asset[];
  /** The OpenAPI model, if content/ has the document. */
  api: ApiModel | null;
  /** True when content/ has the document but it did not load (its own errors say why). */
  apiFailed?: boolean;
}
