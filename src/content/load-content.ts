// loadContent: walk content/, split and validate front matter per collection, and build
// the Site model. Every problem is collected; nothing throws for a user mistake.
import { readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import { loadApi } from '../api/openapi.js';
import type { ResolvedConfig } from '../config/load-config.js';
import { frontMatterTooLarge, SIZE_LIMITS, tooLargeDiagnostic } from '../config/size-limits.js';
import { parseYaml, positionOfPath, yamlValue } from '../config/yaml-positions.js';
import { yamlSyntaxDiagnostics, zodDiagnostics, type YamlSource } from '../config/zod-diagnostics.js';
import { foreignFrontMatterKey } from './foreign-front-matter.js';
import { InputChangedError, shownFolder, shownPath, type Diagnostic } from '../diagnostics.js';
import { classifyFile, classifyFiles, type Classified } from './classify.js';
import { configPlace, type CompiledCollection } from './collections.js';
import { vetContentFiles } from './content-files.js';
import { decodeSource } from './encoding.js';
import { contentId } from '../cache/output-manifest.js';
import { simpleFrontMatter, splitFrontMatter } from './front-matter.js';
import { frontMatterSchema } from './schemas.js';
import type { Page, PageData, Site } from './site.js';

export interface LoadedContent {
  site: Site;
  diagnostics: Diagnostic[];
  /** The content folder could not be read: the site is empty, and its every other problem would follow from that one. */
  unreadable?: boolean;
}

/**
 * Pages parsed by an earlier run, by their file's path, when the file still holds the
 * same bytes (src/cache/page-cache.ts keys them by its content hash). Only a page read
 * without a problem is kept: one with a problem is read again, so its problem is reported again.
 */
export interface PageMemo {
  /** The page as the last run parsed it: `page` makes it, given its place (its body is read from the file when asked for). */
  get(file: string): { collection: string; page(rel: string, file: string, where: Classified): Page } | undefined;
  set(file: string, page: ParsedPage): void;
  /** The file's bytes and their hash, if the build has them already (read to hash its inputs); each is given once. */
  bytes?(file: string): { bytes: Buffer; hash: string } | undefined;
}
/** What a page's front matter makes of it, given its collection (its place decides the rest). */
export interface ParsedPage {
  collection: string;
  data: PageData;
  frontMatter?: { yaml: string; lineOffset: number };
}

export async function loadContent(resolved: ResolvedConfig, { memo = null, settled = false }: { memo?: PageMemo | null; settled?: boolean } = {}): Promise<LoadedContent> {
  /** Files read with an error, by the hash of the bytes read (`settled`: checked again at the end). */
  const faulty = new Map<string, string>();
  const { config, contentDir } = resolved;
  const diagnostics: Diagnostic[] = [];
  let unreadable = false;
  const files = await walk(contentDir, diagnostics).catch((error: NodeJS.ErrnoException) => {
    unreadable = true;
    diagnostics.push({
      ruleId: 'content-missing',
      severity: 'error',
      message: `cannot read the content folder, ${shownFolder(contentDir)} (${error.code ?? error.message})`,
      hint: `create it, or set site.contentDir in ${shownPath(resolved.file)}`,
      paths: [contentDir, resolved.file],
      file: resolved.file,
      line: 1,
      column: 1,
    });
    return [] as string[];
  });
  // Not also every collection empty, the logo missing and every menu link broken.
  if (unreadable) {
    const site: Site = { config, configFile: resolved.file, collections: resolved.collections.map((c) => c.model), contentDir, pages: [], assets: [], hostFiles: [], api: null };
    return { site, diagnostics, unreadable };
  }

  diagnostics.push(...fileNameProblems(contentDir, files));
  const openapiRel = config.api.openapi;
  const markdown = files.filter((rel) => rel.endsWith('.md'));
  const vetted = vetContentFiles(
    files.filter((rel) => !rel.endsWith('.md') && rel !== openapiRel && rel !== config.api.rubyClient).map((rel) => ({ rel, file: join(contentDir, rel) })),
    { hostFiles: config.site.hostFiles, contentDir, configFile: resolved.file },
  );
  diagnostics.push(...vetted.diagnostics);
  const { assets, hostFiles } = vetted;

  // Read in one synchronous sweep: for a thousand small files, ten times faster than as
  // many promises through the thread pool, and nothing else could run meanwhile anyway.
  const fileOf = (rel: string) => (sep === '/' ? `${contentDir}/${rel}` : join(contentDir, rel));
  const remembered = markdown.map((rel) => memo?.get(fileOf(rel)));
  /** Whether reading the file said nothing (a page is remembered only then). */
  const clean = markdown.map(() => true);
  const read = (rel: string, i: number) => {
    const before = diagnostics.length;
    const file = fileOf(rel);
    const text = readMarkdown(file, readFileSync, diagnostics, memo?.bytes?.(file));
    clean[i] = diagnostics.length === before;
    return text;
  };
  // A remembered page's file is not read (unless its collection changed, below).
  const NOT_READ = { text: '', hash: '' };
  const texts = markdown.map((rel, i) => (remembered[i] ? NOT_READ : read(rel, i)));
  // Which declared collection each file belongs to (src/content/classify.ts).
  const { classified, diagnostics: unplaced } = classifyFiles({ files: markdown.filter((_, i) => texts[i] !== null), collections: resolved.collections, contentDir, configFile: resolved.file, parsed: resolved.yaml });
  diagnostics.push(...unplaced);
  const pages: Page[] = [];
  markdown.forEach((rel, i) => {
    const where = classified.get(rel);
    if (texts[i] === null || !where) return;
    const file = fileOf(rel);
    const known = remembered[i];
    if (known?.collection === where.info.collection) {
      pages.push(known.page(rel, file, where));
      return;
    }
    const got = known ? read(rel, i) : texts[i]!;
    if (got === null) return;
    const before = diagnostics.length;
    const page = readPage({ rel, file, text: got.text, hash: got.hash, where, collections: resolved.collections, diagnostics });
    if (diagnostics.length > before && diagnostics.slice(before).some((d) => d.severity === 'error')) faulty.set(file, got.hash);
    if (!page) return;
    pages.push(page);
    if (memo && clean[i] && diagnostics.length === before) memo.set(file, { collection: where.info.collection, data: page.data, ...(page.frontMatter ? { frontMatter: page.frontMatter } : {}) });
  });

  const { byUrl, diagnostics: collisions } = urlCollisions(pages);
  diagnostics.push(...collisions, ...aliasDiagnostics(resolved, byUrl));

  // The files the frame of every page shows, reported once here, at the config's line.
  for (const key of ['logo', 'socialImage'] as const) {
    const rel = config.site[key];
    if (rel === undefined || assets.some((a) => a.rel === rel)) continue;
    diagnostics.push({
      ruleId: 'config-missing-file',
      severity: 'error',
      message: `site.${key} "${rel}" is not a file under ${shownFolder(contentDir)}`,
      hint: `add the ${key === 'logo' ? 'logo' : 'image'} file, or correct the path (it is relative to the content folder)`,
      paths: [contentDir],
      file: resolved.file,
      ...positionOfPath(resolved.yaml, ['site', key]),
    });
  }

  // A file with a mistake that has changed since it was read was probably caught half
  // written (an editor saving, a checkout): building again settles it (exit 75).
  if (settled) for (const [file, hash] of faulty) if (hashNow(file) !== hash) throw new InputChangedError(file);

  const loadedApi = files.includes(openapiRel) ? await loadApi(join(contentDir, openapiRel), openapiRel, shownPath(join(contentDir, openapiRel))) : { api: null, diagnostics: [] };
  diagnostics.push(...loadedApi.diagnostics);

  return {
    site: { config, configFile: resolved.file, ...(resolved.markdownPlugins ? { markdownPlugins: resolved.markdownPlugins } : {}), ...(resolved.theme ? { theme: resolved.theme } : {}), collections: resolved.collections.map((c) => c.model), contentDir, pages, assets, hostFiles, api: loadedApi.api, ...(files.includes(openapiRel) && !loadedApi.api ? { apiFailed: true } : {}) },
    diagnostics,
  };
}

/**
 * Two pages at one URL (developers/a.md and developers/a/index.md are both /developers/a):
 * one would be lost. Reported at the second; `bankdocs dev` asks again after each edit.
 */
export function urlCollisions(pages: readonly Page[]): { byUrl: Map<string, Page>; diagnostics: Diagnostic[] } {
  const byUrl = new Map<string, Page>();
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    if (!page.url) continue;
    const first = byUrl.get(page.url);
    if (first) {
      diagnostics.push({ ruleId: 'page-url-collision', severity: 'error', message: `this page and ${first.source} are both ${page.url}`, hint: 'keep one of them, or rename one', file: page.file, line: 1, column: 1 });
    } else byUrl.set(page.url, page);
  }
  return { byUrl, diagnostics };
}

/** The file's content id now; null when it is gone. */
function hashNow(file: string): string | null {
  try {
    return contentId(readFileSync(file));
  } catch {
    return null;
  }
}

/** One Markdown file, read again (for `bankdocs dev` when a file changes). */
export async function loadPage(contentDir: string, rel: string, collections: readonly CompiledCollection[], configFile: string): Promise<{ page: Page | null; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const file = join(contentDir, rel);
  const read = readMarkdown(file, readFileSync, diagnostics);
  if (read === null) return { page: null, diagnostics };
  const where = classifyFile(rel, file, collections, configFile);
  if (!where.ok) return { page: null, diagnostics: [...diagnostics, where.diagnostic] };
  return { page: readPage({ rel, file, text: read.text, hash: read.hash, where: where.value, collections, diagnostics }), diagnostics };
}

interface ReadPageInput {
  rel: string;
  file: string;
  text: string;
  /** The SHA-1 of the file's bytes (contentId). */
  hash: string;
  where: Classified;
  collections: readonly CompiledCollection[];
  diagnostics: Diagnostic[];
}

function readPage({ rel, file, text, hash, where, collections, diagnostics }: ReadPageInput): Page | null {
  const { info, url } = where;
  const schema = frontMatterSchema(collections.find((c) => c.model.name === info.collection)!.model);
  const split = splitFrontMatter(text);
  const frontMatter = split.yaml === null ? {} : { frontMatter: { yaml: split.yaml, lineOffset: split.yamlLineOffset } };
  // A page whose front matter is broken is still a page: its errors fail the build, but
  // `bankdocs check` goes on, and links to it are not reported as broken as well.
  const fallback = (data: unknown): Page => {
    const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const title = typeof record.title === 'string' ? record.title : rel.split('/').at(-1)!.replace(/\.md$/, '');
    return { source: rel, file, hash, info, data: { title, description: typeof record.description === 'string' ? record.description : '' }, body: split.body, url, ...frontMatter };
  };
  if (split.yaml === null) {
    const heading = headingTitle(split.body);
    diagnostics.push(
      split.unclosed
        ? { ruleId: 'front-matter-missing', severity: 'error', message: 'the front matter opened by "---" on line 1 is never closed', hint: 'end it with a line of "---" after the last key (title, description, …), before the text', file, line: 1, column: 1 }
        : { ruleId: 'front-matter-missing', severity: 'error', message: 'the page has no front matter', hint: `start the file with a "---" line, then "title: ${heading === null ? '…' : JSON.stringify(heading)}" and "description: …", then "---"${heading === null ? '' : ', and remove the # heading (Docusaurus takes it as the title; bankdocs shows the title above the text)'}`, file, line: 1, column: 1 },
    );
    return fallback(null);
  }
  const tooLarge = frontMatterTooLarge(split.yaml, file);
  if (tooLarge) {
    diagnostics.push(tooLarge);
    return fallback(null);
  }
  const simple = simpleFrontMatter(split.yaml);
  if (simple) {
    const quick = schema.safeParse(simple);
    if (quick.success) return { source: rel, file, hash, info, data: quick.data as PageData, body: split.body, url, ...frontMatter };
  }
  const source: YamlSource = {
    file,
    parsed: parseYaml(split.yaml, split.yamlLineOffset),
    rulePrefix: 'front-matter',
    what: `front matter of this ${info.collection} page`, // "this": no a/an to get wrong (an api-section page)
    foreignKey: foreignFrontMatterKey,
  };
  const syntax = yamlSyntaxDiagnostics(source);
  if (syntax.length) {
    diagnostics.push(...syntax);
    return fallback(null);
  }
  const raw: unknown = yamlValue(source.parsed) ?? {};
  const result = schema.safeParse(raw);
  if (!result.success) {
    const heading = headingTitle(split.body);
    for (const d of zodDiagnostics(source, result.error.issues, schema)) {
      // A Docusaurus page has its title as its first "# heading", not in its front matter.
      const titleMissing = heading !== null && d.ruleId === 'front-matter-missing-key' && d.message.startsWith('missing required key "title"');
      diagnostics.push(titleMissing ? { ...d, hint: `add title: ${JSON.stringify(heading)}, the # heading the page opens with (Docusaurus takes it as the title; bankdocs shows the title above the text), and remove that heading` } : d);
    }
    return fallback(raw);
  }
  return { source: rel, file, hash, info, data: result.data as PageData, body: split.body, url, ...frontMatter };
}

/** The text of the "# heading" a Markdown body opens with, or null. */
function headingTitle(body: string): string | null {
  const match = /^\s*# +(.*?)(?: +#+)? *(?:\n|$)/.exec(body);
  return match?.[1] ? match[1] : null;
}

/**
 * Every file under `root`, as sorted "/"-separated relative paths; dotfiles skipped.
 * Symbolic links are never followed (a link could publish a file from outside the
 * content folder, or loop): each is reported instead.
 */
async function walk(root: string, diagnostics: Diagnostic[]): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  // By string, not path.join: a thousand entries of the folder just read.
  const relOf = (e: (typeof entries)[number]) => {
    const rel = e.parentPath.length > root.length ? `${e.parentPath.slice(root.length + 1)}${sep}${e.name}` : e.name;
    return sep === '/' ? rel : rel.split(sep).join('/');
  };
  const visible = entries.filter((e) => !relOf(e).split('/').some((part) => part.startsWith('.')));
  for (const link of visible.filter((e) => e.isSymbolicLink())) diagnostics.push(symlinkDiagnostic(relOf(link), join(link.parentPath, link.name)));
  return visible.filter((e) => e.isFile()).map(relOf).sort();
}

/**
 * A Markdown file's text; null (and file-too-large) when it is over the limit, which is
 * checked before reading. `known`: its bytes and their hash as the build read them
 * already (to hash its inputs), not read again.
 */
function readMarkdown(file: string, read: (file: string) => Buffer, diagnostics: Diagnostic[], known?: { bytes: Buffer; hash: string }): { text: string; hash: string } | null {
  const unreadable = (message: string, hint: string) => {
    diagnostics.push({ ruleId: 'content-unreadable', severity: 'error', message, hint, file, line: 1, column: 1 });
    return null;
  };
  let bytes = known?.bytes;
  try {
    const info = bytes ? null : statSync(file);
    // A named pipe would block the read (and the dev server with it) until something writes to it.
    if (info && !info.isFile()) return unreadable(`${basename(file)} is not a regular file (a named pipe, a device or a socket): bankdocs reads only files`, 'put a file here, or move this out of the content folder');
    const size = bytes?.length ?? info!.size;
    if (size > SIZE_LIMITS.markdown.bytes) {
      diagnostics.push(tooLargeDiagnostic({ file, limit: SIZE_LIMITS.markdown, size }));
      return null;
    }
    bytes ??= read(file);
  } catch (error) {
    // A file the build may not read (its mode, a folder it may not enter): the writer's to fix.
    // A name that is not UTF-8 text comes back from the folder's listing changed ("caf\uFFFD.md"): no such file.
    if (basename(file).includes('\uFFFD')) return unreadable(`the name of ${basename(file)} is not UTF-8 text, so it cannot be read by it`, 'rename the file in lower-case letters a-z, digits and hyphens');
    return unreadable(`cannot read ${basename(file)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, 'check that the file exists and that its folder and the file can be read');
  }
  const decoded = decodeSource(bytes, file);
  if (decoded.diagnostic) diagnostics.push(decoded.diagnostic);
  return decoded.text === null ? null : { text: decoded.text, hash: known?.hash ?? contentId(bytes) };
}

/** A symbolic link under the content folder, reported by the walk and by the dev server. */
/**
 * An alias the site's config declares must lead to a page: to one at that URL, or, for a
 * translated collection, to one in some locale (the redirect adds the reader's). The
 * built-in collections' aliases are left alone: a site need not have the spec's guides.
 */
function aliasDiagnostics(resolved: ResolvedConfig, byUrl: ReadonlyMap<string, Page>): Diagnostic[] {
  const locales = resolved.config.locales.available;
  const found: Diagnostic[] = [];
  for (const { model } of resolved.collections) {
    if (model.at === null) continue;
    for (const [from, to] of Object.entries(model.aliases)) {
      if (byUrl.has(to) || locales.some((locale) => byUrl.has(`/${locale}${to}`))) continue;
      found.push({
        ruleId: 'alias-target-missing',
        severity: 'error',
        message: `the alias ${from} leads to ${to}, which is no page of the site`,
        hint: 'point the alias at the URL of a page (as its link is written), or remove it',
        ...configPlace({ parsed: resolved.yaml, configFile: resolved.file }, model, ['aliases', from]),
      });
    }
  }
  return found;
}

export function symlinkDiagnostic(rel: string, file: string): Diagnostic {
  return {
    ruleId: 'content-symlink',
    severity: 'error',
    message: `${rel} is a symbolic link; bankdocs does not follow links under the content folder`,
    hint: 'put the file itself here (a link could publish files from outside the content folder, or loop)',
    file,
    line: 1,
    column: 1,
  };
}

// Characters that cannot stand in a URL path as they are, and control characters.
const BAD_NAME_RE = /[\u0000-\u001f\u007f-\u009f#?%\\<>"|*:]/;

/** File names become URLs: refuse those that cannot, and names that differ only in case. */
function fileNameProblems(root: string, files: readonly string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const byLowerCase = new Map<string, string>();
  for (const rel of files) {
    if (BAD_NAME_RE.test(rel)) {
      diagnostics.push({ ruleId: 'content-file-name', severity: 'error', message: `the name ${JSON.stringify(rel)} cannot be part of a URL (control characters and # ? % \\ < > " | * : are not allowed)`, hint: 'rename the file with letters, digits, "-", "_" and "."', file: join(root, rel), line: 1, column: 1 });
    }
    const other = byLowerCase.get(rel.toLowerCase());
    if (other) {
      diagnostics.push({ ruleId: 'content-file-collision', severity: 'error', message: `${rel} and ${other} differ only in case; on macOS, Windows and many hosts they are one file`, hint: 'rename one of them', file: join(root, rel), line: 1, column: 1 });
    }
    byLowerCase.set(rel.toLowerCase(), rel);
  }
  return diagnostics;
}
