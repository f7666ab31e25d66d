// The schema of docs.config.yaml: the single reference for every setting, with the
// spec's defaults (spec §9) and a one-line description that becomes the exported
// JSON Schema's help text in the writer's editor.
import { z } from 'zod';
import { collectionSchema } from './collections-schema.js';
import { LOCALE_CODE_RE, localeCode, localizedString, type LocalizedString } from './localized.js';

export { LOCALE_CODE_RE, localizedString, type LocalizedString };

// A browser reads "//host" and "/\host" as another site (and drops tabs and newlines
// first), so a site path starts with exactly one "/" and has no backslash, white space or
// control character anywhere.
const INTERNAL_PATH_RE = /^\/(?![/\\])[^\\\s\x00-\x1f\x7f-\x9f]*$/;

const internalPath = z
  .string()
  .regex(
    INTERNAL_PATH_RE,
    'an internal link is a site path that starts with a single "/", e.g. "/developers", with no "\\", spaces or control characters ("//…" and "/\\…" lead to another site: link to one with href: and its https:// URL)',
  );

// A file under content/: relative, inside it (no ".." segment), and never a URL, so the
// logo and the social image are always served by this site.
const CONTENT_FILE_RE = /^(?![a-zA-Z][a-zA-Z0-9+.-]*:)(?!\/)(?!(?:.*\/)?\.\.(?:\/|$))[^\\\x00-\x1f\x7f-\x9f]+$/;

const contentFile = (what: string, example: string) =>
  z
    .string()
    .regex(
      CONTENT_FILE_RE,
      `${what} is a path relative to the content folder, e.g. "${example}": no URL or scheme, no leading "/", no ".." and no "\\"; put the file in that folder (site.contentDir)`,
    );

// The intake of the monitoring agent: https, or this site's own origin (a root-relative
// path). Plain http only to the writer's own machine, for trying an APM server locally.
const MONITORING_SERVER_RE = /^(?:https:\/\/[^/\\\s\x00-\x1f\x7f-\x9f?#@]+|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?|(?=\/(?![/\\])))(?:\/[^\\\s\x00-\x1f\x7f-\x9f?#]*)?$/;

// Third-party code runs with the site's rights: https only, so no one on the visitor's
// network can swap it.
const SERVICE_SCRIPT_RE = /^https:\/\/[^/\\\s\x00-\x1f\x7f-\x9f?#@]+\/[^\\\s\x00-\x1f\x7f-\x9f]*\{id\}[^\\\s\x00-\x1f\x7f-\x9f]*$/;

// Subresource Integrity (https://www.w3.org/TR/SRI/#the-integrity-attribute): base64
// digests of the exact length of their algorithm, separated by spaces.
const INTEGRITY_RE = /^(?:sha256-[A-Za-z0-9+/]{43}=|sha384-[A-Za-z0-9+/]{64}|sha512-[A-Za-z0-9+/]{86}==)(?: +(?:sha256-[A-Za-z0-9+/]{43}=|sha384-[A-Za-z0-9+/]{64}|sha512-[A-Za-z0-9+/]{86}==))*$/;

/**
 * A default that must be among its list (locales.default in locales.available): reported
 * at the default, naming what was written and the list, so the fix is in sight.
 */
function listed(section: string, key: string, list: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const chosen = String(value[key]);
    const choices = value[list] as string[];
    if (!choices.includes(chosen)) ctx.addIssue({ code: 'custom', path: [key], message: `"${chosen}" is not one of ${section}.${list} (${choices.join(', ')}): add it there, or choose one of them` });
  };
}

/** A list that names each of its items once (a locale listed twice gave every page twice). */
function eachOnce(what: string) {
  return (list: readonly string[], ctx: z.RefinementCtx) => {
    list.forEach((item, i) => {
      if (list.indexOf(item) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `the ${what} "${item}" is listed twice; list each ${what} once` });
    });
  };
}

const externalUrl = z.url({ protocol: /^https?$/, error: 'an external link is an absolute http(s) URL' });

export const linkItem = z.union([
  z.strictObject({
    label: localizedString.describe('Text of the link, one string or one per locale.'),
    to: internalPath.describe('Site path without a locale prefix, e.g. "/support"; translated routes get the page locale.'),
  }),
  z.strictObject({
    label: localizedString.describe('Text of the link, one string or one per locale.'),
    href: externalUrl.describe('Absolute URL of a page off this site; opens with rel="noopener".'),
  }),
  z.strictObject({
    label: localizedString.describe('Text of the button, one string or one per locale.'),
    action: z.enum(['cookie-settings']).describe('A button handled by the browser runtime instead of a link.'),
  }),
]);
export type LinkItem = z.infer<typeof linkItem>;

// A Markdown plugin as a site names it: an npm package installed in the site's folder or
// a path relative to docs.config.yaml, alone or with its options (any YAML value).
const markdownPlugin = (kind: 'remark' | 'rehype', example: string) => {
  const name = z
    .string()
    .min(1)
    .describe(`An npm package installed in the site's folder (e.g. "${example}") or a path relative to this file (e.g. "./plugins/${kind}-note.mjs").`);
  return z
    .union([name, z.tuple([name, z.unknown().optional().describe(`Options passed to the plugin, e.g. { strict: false }.`)])])
    .describe(`A ${kind} plugin: its name or path, or [name, options].`);
};

const ms = (fallback: number, what: string) =>
  z.number().int().nonnegative().default(fallback).describe(`${what} in milliseconds (default ${fallback}).`);

export const runtimeSchema = z
  .strictObject({
    breakpoint: z
      .number()
      .int()
      .positive()
      .default(992)
      .describe('Width in px below which the layout is narrow: scroll offsets apply, the menu collapses; the image zoom works only above it.'),
    scrollOffset: z
      .strictObject({
        h1: z.number().int().nonnegative().default(70).describe('Offset in px above an H1 target on narrow screens.'),
        other: z.number().int().nonnegative().default(50).describe('Offset in px above other targets on narrow screens.'),
      })
      .prefault({})
      .describe('Space kept above a hash target on narrow screens, for the fixed header.'),
    scrollThrottleMs: ms(50, 'Throttle of scroll handling'),
    activeSection: z
      .strictObject({
        top: z.number().int().default(-200).describe('Upper bound in px of the active-section window, relative to the viewport top.'),
        bottom: z.number().int().default(100).describe('Lower bound in px of the active-section window.'),
      })
      .prefault({})
      .refine((w) => w.top < w.bottom, { message: 'activeSection.top must be less than activeSection.bottom' })
      .describe('A section is active when its top lies in this window (scroll-spy).'),
    restoreScrollDelayMs: ms(500, 'Delay before the smooth scroll when restoring a saved position'),
    resizeDebounceMs: ms(1000, 'Debounce of the zoom resize handler'),
    toast: z
      .strictObject({
        autoHideMs: ms(5000, 'Time before a toast hides itself'),
        position: z
          .enum(['top-right', 'top-left', 'bottom-right', 'bottom-left'])
          .default('top-right')
          .describe('Corner where toasts stack.'),
      })
      .prefault({})
      .describe('Toast notifications.'),
  })
  .prefault({})
  .describe('Constants of the browser runtime (spec §9).');

export const monitoringSchema = z
  .strictObject({
    serviceName: z.string().min(1).default('documentation').describe('Service name the site reports under in Elastic APM.'),
    serverUrl: z
      .string()
      .regex(
        MONITORING_SERVER_RE,
        'the APM server is an https:// URL (e.g. "https://apm.example.com") or a path on this site (e.g. "/apm"), without query or fragment; http:// only for localhost or 127.0.0.1',
      )
      // Only a value of the right shape is parsed, so a wrong one gets one message, not two.
      .refine((value) => !MONITORING_SERVER_RE.test(value) || !value.startsWith('https:') || URL.canParse(value), { message: 'the APM server URL does not parse; write it like "https://apm.example.com"' })
      .optional()
      .describe('APM server: an https:// URL, or a path on this site such as "/apm" (http:// only for localhost, for local testing); default: this site\'s origin + "/apm" (events go to POST /apm/intake/v2/rum/events).'),
    eventsLimit: z.number().int().positive().default(80).describe('Most events sent per 60 seconds (default 80).'),
    flushIntervalMs: ms(500, 'Interval between sends of queued events'),
    transactionSampleRate: z.number().min(0).max(1).default(1).describe('Share of page loads traced (0 to 1, default 1).'),
    centralConfig: z.boolean().default(true).describe('Fetch the agent configuration from the APM server (5 s time-out).'),
  })
  .describe('Real user monitoring with the Elastic APM RUM agent, loaded lazily after start-up.');

export const serviceSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a service name is lower-case words joined by "-"').describe('Name of the embedded service, e.g. "support-chat".'),
    category: z.enum(['functional', 'analytics']).describe('Cookie consent category that must be accepted before the service loads.'),
    script: z
      .string()
      .regex(
        SERVICE_SCRIPT_RE,
        'the script is an absolute https:// URL containing "{id}", e.g. "https://widget.example/loader/{id}.js" (over http:// anyone on the visitor\'s network could replace it)',
      )
      .refine((value) => !SERVICE_SCRIPT_RE.test(value) || URL.canParse(value.replace('{id}', 'id')), { message: 'the script URL does not parse; write it like "https://widget.example/loader/{id}.js"' })
      .describe('Script URL, https:// only; "{id}" is replaced by the id for the current environment.'),
    integrity: z
      .string()
      .regex(
        INTEGRITY_RE,
        'integrity is one or more Subresource Integrity hashes separated by spaces, each "sha256-", "sha384-" or "sha512-" and the base64 digest of the script (e.g. from `openssl dgst -sha384 -binary loader.js | openssl base64 -A`)',
      )
      .optional()
      .describe('Subresource Integrity of the script, e.g. "sha384-…": the browser runs it only if it matches (loaded with crossorigin="anonymous", so the host must send CORS headers). List one hash per script the ids produce, all with the same algorithm: the browser compares only the strongest one given.'),
    ids: z
      .strictObject({
        production: z.string().min(1).nullable().default(null).describe('Id on production hosts (site.productionHosts); null: do not load there.'),
        other: z.string().min(1).nullable().default(null).describe('Id everywhere else; null: do not load there.'),
      })
      .prefault({}),
  })
  .describe('A third-party widget or tracker injected after consent.');

// A page path as in the address bar, without query or fragment; "*" within a segment and
// a final "/**" for everything below (src/search/exclude.ts).
const SEARCH_EXCLUDE_RE = /^\/(?![/\\])[^\\\s\x00-\x1f\x7f-\x9f?#]*$/;

export const searchSchema = z
  .strictObject({
    enabled: z
      .boolean()
      .default(true)
      .describe('Build a search index per locale (under search/ in the output) and show the search box in the header (default true). false: no index, no search box.'),
    exclude: z
      .array(
        z
          .string()
          .regex(SEARCH_EXCLUDE_RE, 'an exclude pattern is a page path starting with "/", e.g. "/developers/internal/**" or "/*/privacy-notice/*", with no query, "#", "\\" or spaces'),
      )
      .default([])
      .describe('Pages left out of search, as paths: "*" stands for any characters within one segment, a final "/**" for the path and everything under it, e.g. ["/developers/slack", "/*/privacy-notice/**"]. The API reference is /<version>/api/<language> of the default version and language.'),
  })
  .prefault({})
  .describe('Site search: every page and every API operation, per locale, as static files fetched by the browser on first use.');

// The site's changes to the theme (issue #16): single components from its own files, and
// strings. Names and keys are checked against the theme, with a did-you-mean, by
// src/theme/overrides.ts (a typo is an error at its line, not a silent no-op).
const themeSchema = z
  .strictObject({
    components: z
      .record(
        z.string(),
        z.string().min(1).describe('A .tsx, .jsx, .ts or .js file relative to this file (e.g. "./theme/Footer.tsx") whose default export is the component; it gets the same props as the built-in one, which it can render: import { Footer } from "bankdocs/theme".'),
      )
      .default({})
      .describe('Components of the theme to replace, by name: Header, Footer, Consent, Breadcrumbs, Toc, PrevNext, the layouts (ArticleLayout, HomeLayout, …), Markdown parts (Link, CodeBlock, Table, Image, ListItem) and named elements (Tabs, TabPanel, Operation, Fields, Field, Example, Schema).'),
    strings: z
      .record(localeCode, z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())])))
      .default({})
      .describe('Interface strings to change, per locale, e.g. { en: { searchPlaceholder: "Search the docs" } }; the keys are the theme\'s (README, "Themes").'),
  })
  .prefault({})
  .describe('Overrides of the built-in theme: components from the site\'s own files, and interface strings.');

/** A page title template: "%s" is where the page's title goes. */
const titleTemplate = z.string().includes('%s', { error: 'the title template must contain "%s" where the page title goes' });

export const configSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Path of the JSON Schema, for editors.'),
    product: z
      .strictObject({
        name: z.string().min(1).describe('Product name, used in titles: "Meet {name}", "{name} API Reference".'),
        tag: z.string().min(1).describe('Short product tag shown beside the API reference title, e.g. "Open Banking API".'),
        provider: z.string().min(1).describe('Company that runs the platform, used in the copyright line.'),
      })
      .describe('The documented product.'),
    site: z
      .strictObject({
        url: externalUrl.describe('Public origin of the site, used for canonical, og:url and sitemap URLs.'),
        titleTemplate: z
          .union([titleTemplate, z.record(localeCode, titleTemplate)])
          .describe('Page title template, one or one per locale; "%s" is the page title, e.g. "%s | Moorlink Documentation" (nl: "%s | Moorlink-documentatie").'),
        logo: contentFile('the logo', 'assets/logo.svg').describe('Path of the logo under content/ (e.g. "assets/logo.svg"), never a URL; also the social image.'),
        socialImage: contentFile('the social image', 'assets/social.png').optional().describe('Path of the social-sharing image under content/ (e.g. "assets/social.png"), never a URL; defaults to the logo.'),
        contentDir: z.string().default('content').describe('Folder of the Markdown content, relative to this file.'),
        hostFiles: z
          .array(z.enum(['_redirects', '_headers', 'netlify.toml', 'CNAME']))
          .default([])
          .describe('Host configuration files at the root of content/ to publish: _redirects and _headers are added after the generated ones, netlify.toml and CNAME are copied. Unlisted, such a file is an error.'),
        contentSecurityPolicy: z
          .record(
            z.string().regex(/^[a-z]+(-[a-z]+)*$/, 'a directive name such as "img-src"'),
            z.array(z.string().regex(/^[^\s;,]+$/, 'one source per item, such as "https://cdn.example" or "\'self\'"')),
          )
          .optional()
          .describe('Sources added to the generated Content-Security-Policy (in dist/_headers), per directive, e.g. { img-src: ["https://cdn.example"] }. The policy already allows this site, the inline scripts by hash, the monitoring server and the services.'),
        productionHosts: z
          .array(z.string().min(1))
          .default([])
          .describe('Host names of the production site: monitoring reports environment "production" there (elsewhere the host name), and services use their production ids.'),
      })
      .describe('The site as a whole.'),
    locales: z
      .strictObject({
        available: z.array(localeCode).min(1).superRefine(eachOnce('locale')).optional().describe('Interface locales; translated pages live in content/<locale>/. Default: the default locale alone.'),
        default: localeCode.default('en').describe('Reference locale: its pages are the source of every translation.'),
      })
      .prefault({})
      // A site that names no locales is a site of one: its default (not the four of the bundled site).
      .transform((l) => ({ available: l.available ?? [l.default], default: l.default }))
      .superRefine(listed('locales', 'default', 'available'))
      .describe('Interface languages.'),
    versions: z
      .strictObject({
        available: z.array(z.string().regex(/^[0-9][0-9a-z.-]*$/, 'a version is like "1" or "2.1"')).min(1).superRefine(eachOnce('version')).default(['1']).describe('API documentation versions, the first path segment of /{version}/api/{language}.'),
        default: z.string().default('1').describe('Version selected when a path has none.'),
      })
      .prefault({})
      .superRefine(listed('versions', 'default', 'available'))
      .describe('API documentation versions.'),
    api: z
      .strictObject({
        languages: z.array(z.string().regex(/^[a-z][a-z0-9-]*$/)).min(1).superRefine(eachOnce('language')).optional().describe('Example languages; a fenced block tagged with one of them shows only on that language\'s page. Default: the default language alone.'),
        defaultLanguage: z.string().default('curl').describe('Language selected when a path has none.'),
        openapi: z.string().default('api/openapi.yaml').describe('OpenAPI document under content/, published as /openapi.json and /openapi.yaml.'),
        rubyClient: z.string().default('api/ruby-client.yaml').describe('Surface of the Ruby client the examples use, under content/: which call maps to which operation.'),
        requestHeaders: z
          .record(z.string().regex(/^[A-Za-z0-9-]+$/, 'a header name is letters, digits and "-", e.g. "Accept"'), z.string().min(1))
          .default({ Accept: 'application/json' })
          .describe('Headers every request must send, with their values: `check` reports an example without them, and `bankdocs mock` refuses such a request. Default { Accept: application/json }; {} for none.'),
      })
      .prefault({})
      // A site that names no example languages shows its default one (curl) alone: no Ruby client to declare.
      .transform(({ languages, ...rest }) => ({ ...rest, languages: languages ?? [rest.defaultLanguage] }))
      .superRefine(listed('api', 'defaultLanguage', 'languages'))
      .describe('The API reference.'),
    menu: z.array(linkItem).min(1).describe('Top menu: Home, Developers, Support, Sign In and the provider\'s site.'),
    footer: z
      .strictObject({
        links: z.array(linkItem).describe('Footer links: Privacy, Terms & Conditions, Cookies settings.'),
        copyright: localizedString.describe('Copyright line; "{year}" is replaced by the build year.'),
      })
      .describe('The footer.'),
    markdown: z
      .strictObject({
        engine: z
          .enum(['fast', 'remark'])
          .default('fast')
          .describe('Markdown parser: "fast" (markdown-it, about six times faster, proven equal on the CommonMark and GFM spec examples) or "remark" (remark-parse + remark-gfm + remark-directive, the reference; needed by remark plugins that add syntax).'),
        remarkPlugins: z
          .array(markdownPlugin('remark', 'remark-math'))
          .default([])
          .describe('The site\'s own remark plugins, run on the Markdown tree after bankdocs\' own (links resolved, API examples of other languages gone), e.g. [remark-math]. A plugin that adds Markdown syntax needs engine: remark.'),
        rehypePlugins: z
          .array(markdownPlugin('rehype', 'rehype-katex'))
          .default([])
          .describe('The site\'s own rehype plugins, run on the HTML tree after bankdocs\' own (heading ids, syntax colouring) and before React renders it, e.g. [[rehype-katex, { output: mathml }]].'),
      })
      .prefault({})
      .describe('How Markdown is read, and the site\'s own remark and rehype plugins.'),
    llms: z
      .strictObject({
        enabled: z
          .boolean()
          .default(true)
          .describe('Publish a Markdown twin of every page (its URL plus ".md", linked from the page\'s <head> and its "Copy page as Markdown" button), /llms.txt and /llms-full.txt (default true).'),
      })
      .prefault({})
      .describe('Text versions of the site for AI tools and readers who want Markdown (llmstxt.org).'),
    collections: z
      .array(z.union([z.literal('default').describe('The built-in collections of spec §2 (home, support, general, legal, guide, api-section), inserted here.'), collectionSchema]))
      .min(1)
      .optional()
      .describe('The collections of pages: which files, which URLs, layout, front matter and order. Left out: the built-in ones of spec §2; write "default" in the list to keep them beside your own.'),
    plugins: z
      .array(
        z.union([
          z.string().min(1).describe('An npm package installed in the site\'s folder or a path relative to this file (e.g. "./plugins/note.mjs"), whose default export is a bankdocs plugin (definePlugin from "bankdocs/plugin").'),
          z.tuple([z.string().min(1), z.unknown().optional().describe('Options passed to the plugin\'s setup function.')]),
        ]),
      )
      .default([])
      .describe('bankdocs plugins: directives with attribute schemas, remark and rehype plugins, checks and strings, in this order.'),
    runtime: runtimeSchema,
    monitoring: monitoringSchema.optional(),
    services: z.array(serviceSchema).default([]).describe('Embedded widget and tracker services, loaded only after consent.'),
    search: searchSchema,
    theme: themeSchema,
  })
  .superRefine((config, ctx) => {
    // Every per-locale label must cover the default locale, so no page shows an empty label.
    const check = (label: LocalizedString, path: (string | number)[]) => {
      if (typeof label === 'string') return;
      for (const key of Object.keys(label)) {
        if (!config.locales.available.includes(key)) {
          ctx.addIssue({ code: 'custom', path: [...path, key], message: `"${key}" is not in locales.available (${config.locales.available.join(', ')})` });
        }
      }
      if (!(config.locales.default in label)) {
        ctx.addIssue({ code: 'custom', path, message: `the label needs a text for the default locale "${config.locales.default}"` });
      }
    };
    config.menu.forEach((item, i) => check(item.label, ['menu', i, 'label']));
    config.footer.links.forEach((item, i) => check(item.label, ['footer', 'links', i, 'label']));
    check(config.footer.copyright, ['footer', 'copyright']);
    check(config.site.titleTemplate, ['site', 'titleTemplate']);
    config.collections?.forEach((item, i) => {
      if (typeof item !== 'string' && item.label !== undefined) check(item.label, ['collections', i, 'label']);
    });
  });

/** What the writer puts in docs.config.yaml. */
export type ConfigInput = z.input<typeof configSchema>;
/** The parsed config, defaults filled in, that the code reads. */
export type Config = z.output<typeof configSchema>;
export type RuntimeConstants = Config['runtime'];
