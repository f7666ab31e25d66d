// The schema of a declared collection (docs.config.yaml `collections:`; issue #16): which
// files are its pages, their URLs, layout, front matter and order. The patterns are
// checked further (placeholders, overlaps) by src/content/collections.ts, at their line.
import { z } from 'zod';
import { localizedString } from './localized.js';

/** Layouts of the built-in theme a collection can use. */
export const LAYOUTS = ['article', 'home', 'help', 'legal', 'api'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

const COLLECTION_NAME_RE = /^[a-z][a-z0-9-]*$/;
const FIELD_NAME_RE = /^[a-zA-Z][a-zA-Z0-9_]*$/;
// A site path of a redirect: "/" and lower-case names, no query or hash.
const ALIAS_PATH_RE = /^(?:\/[a-z0-9][a-z0-9._-]*)+$/;

const filePattern = z
  .string()
  .min(1)
  .describe('Files of the collection under the content folder, with placeholders: {name}, {name:a|b}, {name:number}, {name:version}, {locale} (first folder of translated pages), {...name} (one or more folders), e.g. "blog/{slug}.md".');

export const frontMatterFieldSchema = z
  .strictObject({
    type: z.enum(['string', 'integer', 'number', 'boolean', 'date', 'strings']).describe('Type of the value: string, integer, number, boolean, date (YYYY-MM-DD) or strings (a list of strings).'),
    required: z.boolean().default(false).describe('A page of the collection without this key is an error (default false).'),
    description: z.string().optional().describe('What the key means: the help text of the error when it is wrong.'),
  })
  .describe('A front matter key the collection\'s pages may (or must) have, besides title and description.');
export type FrontMatterField = z.output<typeof frontMatterFieldSchema>;

export const collectionSchema = z
  .strictObject({
    name: z.string().regex(COLLECTION_NAME_RE, 'a collection name is lower-case words joined by "-", e.g. "blog-posts"').describe('Name of the collection, used in messages and as its route name.'),
    files: z.union([filePattern, z.array(filePattern).min(1)]).describe('One file pattern or a list of them.'),
    url: z
      .string()
      .min(1)
      .optional()
      .describe('URL of a page, from the placeholders of the file pattern, e.g. "/blog/{slug}"; a final "/index" is dropped. Leave it out for layout: api (the sections of the API reference at /{version}/api/{language}).'),
    layout: z.enum(LAYOUTS).default('article').describe('Layout of the theme the pages render with: article, home, help (with links between a section\'s introduction and FAQ), legal (with the list of versions) or api (sections of the API reference).'),
    label: localizedString
      .optional()
      .describe('What the site calls the collection, one string or one per locale: the heading of its page tree\'s sidebar and of its part of llms.txt (default: the interface\'s "Guides" in the sidebar; in llms.txt the menu label that leads into it, else its index page\'s title).'),
    translated: z.boolean().default(false).describe('Pages live per locale ("{locale}/…" file pattern and "/{locale}/…" URL); a missing translation shows the default locale\'s text with a notice.'),
    order: z
      .enum(['none', 'prev-next', 'versions'])
      .default('none')
      .describe('"prev-next": previous/next cards in folder order (a folder\'s index, its pages by order then title, then its folders by their index\'s order); "versions": the {version} placeholder makes versions of one document, and its URL without the version redirects to the latest.'),
    route: z.string().regex(COLLECTION_NAME_RE).optional().describe('Route name in the route table (default: the first segment of the URL after the locale; at the root, "home" for a translated collection, else the collection\'s name).'),
    unknownPaths: z
      .enum(['not-found', 'closest'])
      .default('not-found')
      .describe('What a path under the collection that names no page shows: "not-found", or "closest" (the section it names, else the first one; spec §2 "general" catch-all).'),
    aliases: z
      .record(z.string().regex(ALIAS_PATH_RE, 'an alias is a site path such as "/old-guide"'), z.string().regex(ALIAS_PATH_RE, 'the target is a page URL such as "/developers/new-guide"'))
      .default({})
      .describe('Old paths that redirect to a page of the collection, with or without a locale before them, e.g. { /custom-integrations: /developers/custom-integrations }.'),
    frontMatter: z
      .record(z.string().regex(FIELD_NAME_RE, 'a front matter key is a word such as "order" or "publishedAt"'), frontMatterFieldSchema)
      .default({})
      .describe('Front matter keys beyond title and description, e.g. { order: { type: integer } }.'),
  })
  .describe('A collection of pages: where its files are, their URLs, layout, front matter and order.');

export type CollectionInput = z.input<typeof collectionSchema>;
export type CollectionDeclaration = z.output<typeof collectionSchema>;
