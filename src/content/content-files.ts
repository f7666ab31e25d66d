// Which files under content/ are published as they are (security issue #20). A file
// copied to the site runs with the docs origin's authority, so only passive types are
// copied; host configuration files (_redirects, _headers, …) are published only when
// the config names them; an SVG with script is refused; and no content file may take
// the path of a file the build generates.
import { readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { shownFolder, shownPath, type Diagnostic } from '../diagnostics.js';
import { lineColumnAt, lineStarts } from '../line-index.js';
import type { Asset } from './site.js';

/** Extensions of the files copied to the site: images, fonts, documents, data, media. */
export const PASSIVE_EXTENSIONS = [
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico', 'bmp',
  'woff', 'woff2', 'ttf', 'otf',
  'pdf', 'json', 'yaml', 'yml', 'txt', 'csv', 'zip',
  'mp4', 'webm', 'mp3', 'ogg', 'wav',
] as const;

/** Files at the root of content/ that steer a static host, published only when listed in site.hostFiles. */
export const HOST_FILES = ['_redirects', '_headers', 'netlify.toml', 'CNAME'] as const;
export type HostFileName = (typeof HOST_FILES)[number];

export interface VettedFiles {
  assets: Asset[];
  /** Host files the config asked for, to be published (or merged with the generated one). */
  hostFiles: Asset[];
  diagnostics: Diagnostic[];
}

/** What the vetting reads of the site: the host files the config lists, and where the content and the config are (hints name them). */
export interface VetOptions {
  hostFiles: readonly string[];
  contentDir: string;
  configFile: string;
}

export function vetContentFiles(candidates: readonly Asset[], options: VetOptions): VettedFiles {
  const assets: Asset[] = [];
  const hostFiles: Asset[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const asset of candidates) {
    const problem = vetContentFile(asset, options);
    if (problem === 'host') hostFiles.push(asset);
    else if (problem) diagnostics.push(problem);
    else assets.push(asset);
  }
  return { assets, hostFiles, diagnostics };
}

/** null when `asset` is published as it is, 'host' for a listed host file, or why not. */
export function vetContentFile(asset: Asset, { hostFiles, contentDir, configFile }: VetOptions, read: (file: string) => string = (f) => readFileSync(f, 'utf8')): Diagnostic | 'host' | null {
  const at = { file: asset.file, line: 1, column: 1 };
  const content = shownFolder(contentDir);
  if ((HOST_FILES as readonly string[]).includes(asset.rel)) {
    if (hostFiles.includes(asset.rel)) return 'host';
    return {
      ruleId: 'content-host-file',
      severity: 'error',
      message: `${asset.rel} steers the static host (redirects, headers); a file under ${content} does not publish it by itself`,
      hint: `to publish it, list it in ${shownPath(configFile)}: site.hostFiles: [${asset.rel}]${asset.rel === '_redirects' || asset.rel === '_headers' ? ' (its lines are added after the generated ones)' : ''}`,
      paths: [contentDir, configFile],
      ...at,
    };
  }
  const ext = /\.([a-z0-9]+)$/i.exec(asset.rel)?.[1]?.toLowerCase();
  if (!ext || !(PASSIVE_EXTENSIONS as readonly string[]).includes(ext)) {
    return {
      ruleId: 'content-file-type',
      severity: 'error',
      message: `${asset.rel} is not published: only passive files are copied from ${content} (${PASSIVE_EXTENSIONS.join(', ')})`,
      hint: ext === 'html' || ext === 'htm' ? 'write the page as Markdown; an HTML file would run as a page of the docs site' : `move the file out of ${content}, or convert it to one of these types`,
      paths: [contentDir],
      ...at,
    };
  }
  if (ext === 'svg') return unsafeSvg(asset.file, read(asset.file));
  return null;
}

const ACTIVE_ELEMENTS = new Set(['script', 'iframe', 'frame', 'embed', 'object', 'handler', 'listener']);
/** After what browsers drop from a URL before reading its scheme: tabs and newlines anywhere, spaces and controls before it. */
const ACTIVE_URL_RE = /^(?:javascript|vbscript|data:text\/html)/i;
/** Attributes that hold a list of values (`<animate values="a;javascript:…">`). */
const LIST_ATTRIBUTES = new Set(['values', 'keypoints']);
/**
 * The one entity declaration an SVG may hold: a name for plain text (Illustrator writes its
 * namespaces so). The browser's XML parser expands entities and applies an attribute list's
 * defaults, which htmlparser2 does not see: an entity whose text is markup, an external or
 * parameter entity, or an <!ATTLIST> (a default onload="…") would carry script past the check.
 */
const PLAIN_ENTITY_RE = /^<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"<&%]*)"|'([^'<&%]*)')\s*>/;
const DECLARATION_RE = /<!(?:ENTITY|ATTLIST)\b/gi;

/** A script URL, read as a browser reads it. */
function activeUrl(value: string): boolean {
  const url = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  return ACTIVE_URL_RE.test(url);
}

/** An SVG is published as a file of the docs origin: script in it runs there (and can forge the stored consent). */
export function unsafeSvg(file: string, text: string): Diagnostic | null {
  let found: { offset: number; what: string } | null = null;
  const entities = new Map<string, string>();
  for (const match of text.matchAll(DECLARATION_RE)) {
    const plain = PLAIN_ENTITY_RE.exec(text.slice(match.index, match.index + 64 * 1024));
    if (plain) entities.set(plain[1]!, plain[2] ?? plain[3]!);
    else {
      found = { offset: match.index, what: /^<!ATTLIST/i.test(match[0]) ? 'an attribute list declaration (<!ATTLIST>)' : 'an entity declaration that is not plain text' };
      break;
    }
  }
  /** An attribute's value as the browser reads it: with the document's own entities expanded. */
  const expand = (value: string) => (entities.size ? value.replace(/&([A-Za-z_][\w.-]*);/g, (ref, name: string) => entities.get(name) ?? ref) : value);
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (found) return;
        const tag = name.toLowerCase().replace(/^.*:/, '');
        if (ACTIVE_ELEMENTS.has(tag)) {
          found = { offset: parser.startIndex, what: `a <${name}> element` };
          return;
        }
        for (const [key, raw] of Object.entries(attributes)) {
          const attr = key.toLowerCase();
          const value = expand(raw);
          if (attr.startsWith('on')) found = { offset: parser.startIndex, what: `an event attribute ${key}="…" on <${name}>` };
          // <set attributeName="href" to="javascript:…">, <animate values="https:…;javascript:…">
          else if (activeUrl(value) || (LIST_ATTRIBUTES.has(attr.replace(/^.*:/, '')) && value.split(';').some(activeUrl))) found = { offset: parser.startIndex, what: `a script URL in ${key}="…" on <${name}>` };
          if (found) return;
        }
      },
      onprocessinginstruction(name, data) {
        // <?xml-stylesheet type="text/xsl" …?>: an XSLT transform writes a page of its own choosing.
        if (!found && /^\?xml-stylesheet$/i.test(name)) found = { offset: parser.startIndex, what: `a style sheet instruction (${data.slice(0, 40)}…)` };
      },
    },
    { xmlMode: true },
  );
  if (!found) parser.end(text);
  if (!found) return null;
  const { offset, what } = found as { offset: number; what: string };
  return {
    ruleId: 'svg-unsafe',
    severity: 'error',
    message: `this SVG holds ${what}: it would run on the docs site when the image is opened`,
    hint: 'export the drawing without scripts, links to javascript:, event handlers or DTD declarations (or as PNG)',
    file,
    ...lineColumnAt(lineStarts(text), offset),
  };
}

/**
 * Content files whose output path is a generated file's (a page, a stub, 404.html,
 * robots.txt, the published OpenAPI document, an asset). Compared without case, since
 * macOS and Windows file systems (and so the output folder there) do not tell them apart.
 */
/** The folders a path of the output is in, deepest first ("a/b/c.html" -> "a/b", "a"). */
export function foldersOf(path: string): string[] {
  const folders: string[] = [];
  for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) folders.push(path.slice(0, at));
  return folders;
}

export function contentCollisions(assets: readonly Asset[], generated: Iterable<string>): Diagnostic[] {
  const taken = new Map<string, string>();
  /** The folders the generated files are in ("assets/logo.svg" of a redirect at "assets/logo.svg/index.html"). */
  const folders = new Map<string, string>();
  for (const path of generated) {
    taken.set(path.toLowerCase(), path);
    for (const folder of foldersOf(path)) folders.set(folder.toLowerCase(), path);
  }
  const diagnostics: Diagnostic[] = [];
  for (const asset of assets) {
    const clash = taken.get(asset.rel.toLowerCase());
    const inside = clash ? undefined : folders.get(asset.rel.toLowerCase());
    if (!clash && !inside) continue;
    diagnostics.push({
      ruleId: 'content-file-collision',
      severity: 'error',
      message: clash ? `${asset.rel} would replace the generated ${clash}` : `${asset.rel} is where the build writes the folder of ${inside} (a page, a redirect or an alias at that URL)`,
      hint: clash ? 'rename or move the file; the build writes that path itself' : `rename or move the file, or give the page, redirect or alias another URL`,
      file: asset.file,
      line: 1,
      column: 1,
    });
  }
  return diagnostics;
}
