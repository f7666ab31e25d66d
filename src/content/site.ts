// The Site model: everything the later stages need, read once from the content folder.
// Plain data (no functions, no class instances) so it can be sent to render workers.
import type { ApiModel } from '../api/openapi.js';
import type { Config } from '../config/schema.js';
import type { PluginSpec } from '../markdown/plugins.js';
import type { Classified } from './classify.js';

export interface PageData {
  title: string;
  description?: string;
  order?: number;
  effective?: string;
}

export interface Page {
  /** Path under content/, with "/" separators: the page's identity. */
  source: string;
  /** Absolute path of the file. */
  file: string;
  info: Classified;
  data: PageData;
  /** Markdown body; front matter lines are blank so positions are file positions. */
  body: string;
  /** Built URL ("/en/support"); null for API sections, which are parts of the API pages. */
  url: string | null;
}

export interface Asset {
  /** Path under content/ and under dist/. */
  rel: string;
  file: string;
}

export interface Site {
  config: Config;
  configFile: string;
  /** The site's remark and rehype plugins, found and checked when the config was read; each render thread imports them. */
  markdownPlugins?: PluginSpec[];
  contentDir: string;
  pages: Page[];
  assets: Asset[];
  /** Host configuration files under content/ that site.hostFiles publishes (_redirects, _headers, …). */
  hostFiles: Asset[];
  /** The OpenAPI model, if content/ has the document. */
  api: ApiModel | null;
}
