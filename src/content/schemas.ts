// Front matter schemas, one per collection. Strict: an unknown key is an error, so a
// typo never silently does nothing.
import { z } from 'zod';

const title = z.string().min(1).describe('Page title, shown as the H1 and in the <title> template.');
const description = z
  .string()
  .min(1)
  .max(300, 'keep the description under 300 characters: search engines cut it anyway')
  .describe('One or two sentences for search results and social cards.');
const order = z.number().int().describe('Position among its siblings (ascending); pages without one follow, by title.');

export const pageFrontMatter = z.strictObject({ title, description });

export const guideFrontMatter = z.strictObject({ title, description, order: order.optional() });

export const generalFrontMatter = z.strictObject({ title, description, order: order.optional() });

export const legalFrontMatter = z.strictObject({
  title,
  description,
  effective: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'write the date as YYYY-MM-DD, e.g. 2026-01-15')
    .describe('Date from which this version applies (YYYY-MM-DD).'),
});

export const apiSectionFrontMatter = z.strictObject({
  title: title.describe('Section title, shown in the side menu.'),
  description: description.optional(),
});

export const collectionSchemas = {
  home: pageFrontMatter,
  support: pageFrontMatter,
  guide: guideFrontMatter,
  general: generalFrontMatter,
  legal: legalFrontMatter,
  'api-section': apiSectionFrontMatter,
} as const;

export type Collection = keyof typeof collectionSchemas;
export type FrontMatter = {
  [C in Collection]: z.output<(typeof collectionSchemas)[C]>;
};
