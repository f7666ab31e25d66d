// Front matter keys of Docusaurus, Starlight and GitBook pages, which bankdocs does not
// read: an unknown key like any other, but told with the tool it comes from and what
// bankdocs does instead (STYLE.md: what is wrong, and what to do), not "correct its spelling".

export interface ForeignKey {
  /** Whose key it is, for the message: "Docusaurus' key". */
  tool: string;
  hint: string;
}

/** How a page takes its place among its siblings: `order`, which the collection may not declare yet. */
const orderHint = (known: readonly string[], what: string) =>
  known.includes('order')
    ? `${what} (pages are ordered by it, then by title)`
    : `declare order: { type: integer } under this collection's frontMatter in docs.config.yaml, then ${what} (pages are ordered by it, then by title)`;

const FOREIGN: Record<string, (known: readonly string[]) => ForeignKey> = {
  sidebar_position: (known) => ({ tool: "Docusaurus' key", hint: orderHint(known, 'rename it to order') }),
  sidebar: (known) => ({ tool: "Starlight's key", hint: `${orderHint(known, "write its order as order: and remove sidebar")}; the sidebar shows the page's title` }),
  sidebar_label: () => ({ tool: "Docusaurus' key", hint: "remove it: the sidebar shows the page's title" }),
  sidebar_class_name: () => ({ tool: "Docusaurus' key", hint: 'remove it: the theme styles the sidebar (README, "Themes")' }),
  displayed_sidebar: () => ({ tool: "Docusaurus' key", hint: "remove it: a page's sidebar is its collection's page tree" }),
  slug: () => ({ tool: 'a key of Docusaurus and Starlight', hint: "remove it: a page's URL comes from its file's path and its collection's url pattern; rename the file to change it, and list the old path under the collection's aliases in docs.config.yaml ({ /old-path: /new/url }) to keep old links working" }),
  id: () => ({ tool: "Docusaurus' key", hint: 'remove it: a page is named by its file; link to it by its path (../guide.md) or its URL' }),
  hide_table_of_contents: () => ({ tool: "Docusaurus' key", hint: 'remove it: a guide with two or more ## headings lists them under "On this page", one with fewer has no list' }),
  tableOfContents: () => ({ tool: "Starlight's key", hint: 'remove it: a guide with two or more ## headings lists them under "On this page", one with fewer has no list' }),
  hide_title: () => ({ tool: "Docusaurus' key", hint: "remove it: the title is the page's heading" }),
  pagination_prev: () => ({ tool: "Docusaurus' key", hint: "remove it: the previous and next cards follow the pages' order" }),
  pagination_next: () => ({ tool: "Docusaurus' key", hint: "remove it: the previous and next cards follow the pages' order" }),
  pagination_label: () => ({ tool: "Docusaurus' key", hint: 'remove it: the previous and next cards show the title' }),
  prev: () => ({ tool: "Starlight's key", hint: "remove it: the previous and next cards follow the pages' order" }),
  next: () => ({ tool: "Starlight's key", hint: "remove it: the previous and next cards follow the pages' order" }),
  draft: () => ({ tool: 'a key of Docusaurus and Starlight', hint: 'remove it: every page under content/ is published; keep a draft elsewhere (or start its file name with a dot) until it is ready' }),
  unlisted: () => ({ tool: "Docusaurus' key", hint: 'remove it: every page under content/ is published and listed' }),
};

/** The tool `key` is a front matter key of and what to do, or null for a key of no tool. `known`: the keys the page may have. */
export function foreignFrontMatterKey(key: string, known: readonly string[]): ForeignKey | null {
  return Object.hasOwn(FOREIGN, key) ? FOREIGN[key]!(known) : null;
}
