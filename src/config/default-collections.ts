// The content model of spec §2, as a declaration: what `collections:` means when a
// config leaves it out. The bundled Moorlink site writes the same list in its
// docs.config.yaml; a site that declares its own replaces it, or extends it with
// `collections: [default, …]`.
import type { CollectionInput } from './collections-schema.js';

const order = { type: 'integer', description: 'Position among its siblings (ascending); pages without one follow, by title.' } as const;

export const DEFAULT_COLLECTIONS: readonly CollectionInput[] = [
  { name: 'home', files: '{locale}/index.md', url: '/{locale}', layout: 'home', translated: true },
  { name: 'support', files: '{locale}/support.md', url: '/{locale}/support', translated: true },
  {
    name: 'general',
    files: '{locale}/general/{section}/{page:index|faq}.md',
    url: '/{locale}/general/{section}/{page}',
    layout: 'help',
    translated: true,
    order: 'prev-next',
    route: 'general-section',
    unknownPaths: 'closest',
    frontMatter: { order },
  },
  {
    name: 'legal',
    files: '{locale}/{kind:terms-and-conditions|privacy-notice}/{version:version}.md',
    url: '/{locale}/{kind}/{version}',
    layout: 'legal',
    translated: true,
    order: 'versions',
    frontMatter: { effective: { type: 'date', required: true, description: 'Date from which this version applies (YYYY-MM-DD).' } },
  },
  {
    name: 'guide',
    files: ['developers.md', 'developers/{...path}.md'],
    url: '/developers/{...path}',
    order: 'prev-next',
    aliases: {
      '/integrations-in-a-nutshell': '/developers/integrations-in-a-nutshell',
      '/connect-integrations': '/developers/connect-integrations',
      '/custom-integrations': '/developers/custom-integrations',
    },
    frontMatter: { order },
  },
  { name: 'api-section', files: 'api/{position:number}-{slug}.md', layout: 'api' },
];
