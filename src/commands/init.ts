// `bankdocs init [dir]`: a new site from templates/init/ (one locale, a guide, an
// OpenAPI document with one operation and its curl example, a config with the schema
// comment) that builds and checks clean at once. Writes beside what a folder holds (an
// npm project, a repository), and refuses to replace a docs.config.yaml or content/
// there unless --force.
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { makeFolderSync } from '../make-folder.js';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { consoleOutput, type Output } from './output.js';
import { counted } from '../diagnostics.js';

export const INIT_TEMPLATE = join(PACKAGE_ROOT, 'templates', 'init');

const SCHEMA_COMMENT_RE = /^(# yaml-language-server: \$schema=).*$/m;

export type InitResult = { ok: true; dir: string; files: string[] } | { ok: false; message: string; hint: string };

/** Copies the starter site into `dir` (created if needed). */
export function initSite(options: { dir?: string; force?: boolean } = {}): InitResult {
  const dir = resolve(options.dir ?? '.');
  const outer = options.force ? null : enclosingSite(dir);
  if (outer) {
    return { ok: false, message: `${dir} is inside the site of ${outer}: its pages would become that site's files`, hint: `run it outside that site (bankdocs init ../my-docs), or pass --force to make a site there anyway` };
  }
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) return { ok: false, message: `${dir} is a file, not a folder`, hint: 'name a new or empty folder: bankdocs init my-docs' };
    // Whatever else is there stays (an npm project's package.json and node_modules, a
    // repository's files): only what init writes may not be there already.
    const taken = readdirSync(INIT_TEMPLATE).filter((name) => existsSync(join(dir, name))).sort();
    if (taken.length && !options.force) {
      return { ok: false, message: `${dir} already has ${taken.join(' and ')}`, hint: 'run it in a new folder (bankdocs init my-docs), or pass --force to write the starter files there, replacing files of the same name' };
    }
  }
  try {
    makeFolderSync(dir);
    cpSync(INIT_TEMPLATE, dir, { recursive: true, force: true });
    // The editor finds the JSON Schema of the bankdocs that made the site, wherever it is installed.
    const config = join(dir, 'docs.config.yaml');
    const schema = relative(dir, join(PACKAGE_ROOT, 'docs.config.schema.json')).split(sep).join('/');
    writeFileSync(config, readFileSync(config, 'utf8').replace(SCHEMA_COMMENT_RE, `$1${schema.startsWith('.') ? schema : `./${schema}`}`));
  } catch (error) {
    // A folder that may not be written (its owner), or a path through a file (/dev/null/docs).
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { ok: false, message: `cannot write the site into ${dir} (${code})`, hint: 'name a folder you may write to, e.g. bankdocs init my-docs in your own folder' };
  }
  return { ok: true, dir, files: listFiles(INIT_TEMPLATE) };
}

/** The docs.config.yaml of a site that holds `dir` (in a folder above it), if any. */
function enclosingSite(dir: string): string | null {
  for (let at = dirname(dir); ; at = dirname(at)) {
    const config = join(at, 'docs.config.yaml');
    if (existsSync(config)) return config;
    if (dirname(at) === at) return null;
  }
}

function listFiles(root: string, at = root): string[] {
  return readdirSync(at, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(root, join(at, e.name)) : [relative(root, join(at, e.name)).split('\\').join('/')])).sort();
}

export async function initCommand(dir: string | undefined, options: { force?: boolean }, out: Output = consoleOutput): Promise<number> {
  const result = initSite({ ...(dir !== undefined ? { dir } : {}), force: options.force ?? false });
  if (!result.ok) {
    out.error(`bankdocs init: ${result.message}\n  hint: ${result.hint}`);
    return 1;
  }
  const where = relative(process.cwd(), result.dir) || '.';
  out.info(`Created a documentation site in ${where} (${counted(result.files.length, 'file')}):`);
  for (const file of result.files) out.info(`  ${file}`);
  out.info(`\nNext:\n${where === '.' ? '' : `  cd ${where}\n`}  npx bankdocs dev      write with live reload\n  npx bankdocs build    the static site in dist/\n  npx bankdocs check    links, examples and front matter`);
  return 0;
}
