// Front matter schemas, one per collection: title and description, plus the keys its
// declaration adds (collections[].frontMatter). Strict: an unknown key is an error, so a
// typo never silently does nothing.
import { z } from 'zod';
import type { FrontMatterField } from '../config/collections-schema.js';
import type { CollectionModel } from './collections.js';

const title = z.string().min(1).describe('Page title, shown as the H1 and in the <title> template.');
const description = z
  .string()
  .min(1)
  .max(300, 'keep the description under 300 characters: search engines cut it anyway')
  .describe('One or two sentences for search results and social cards.');

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether YYYY-MM-DD names a day that exists (not 2026-02-30, not month 13). */
function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

function fieldSchema(field: FrontMatterField): z.ZodType {
  const base = (() => {
    switch (field.type) {
      case 'string':
        return z.string().min(1);
      case 'integer':
        return z.number().int();
      case 'number':
        return z.number();
      case 'boolean':
        return z.boolean();
      case 'date':
        return z
          .string()
          .regex(DATE_RE, 'write the date as YYYY-MM-DD, e.g. 2026-01-15')
          // The shape alone let 2026-02-30 through, and the page printed it.
          .refine((date) => !DATE_RE.test(date) || isCalendarDate(date), { message: 'no such day in the calendar: write a date that exists, e.g. 2026-02-28' });
      case 'strings':
        return z.array(z.string().min(1));
    }
  })();
  const described = field.description ? base.describe(field.description) : base;
  return field.required ? described : described.optional();
}

export type FrontMatterSchema = z.ZodObject;

const cache = new WeakMap<object, FrontMatterSchema>();

/** The schema of a page's front matter in `collection` (built once per declaration). */
export function frontMatterSchema(collection: Pick<CollectionModel, 'layout' | 'frontMatter'>): FrontMatterSchema {
  let schema = cache.get(collection);
  if (!schema) {
    const extra = Object.fromEntries(Object.entries(collection.frontMatter).map(([key, field]) => [key, fieldSchema(field)]));
    // API sections are parts of one page: their titles fill the side menu, and the page has its own description.
    const base = collection.layout === 'api' ? { title: title.describe('Section title, shown in the side menu.'), description: description.optional() } : { title, description };
    schema = z.strictObject({ ...base, ...extra });
    cache.set(collection, schema);
  }
  return schema;
}

/** The keys a page of `collection` may have. */
export function frontMatterKeys(collection: Pick<CollectionModel, 'layout' | 'frontMatter'>): string[] {
  return Object.keys(frontMatterSchema(collection).shape);
}
