// Which folders a build may replace. The build swaps a whole folder in, so a wrong
// `--out` (".git", "src", the home folder, a sibling project) would delete what was
// there: only a folder bankdocs made (it holds OUTPUT_MARKER) or an empty one is
// replaced, and some places are refused even with --force (security issue #20).
import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { shownPath } from '../diagnostics.js';

/** Written into every output folder; its presence is what lets the next build replace it. */
export const OUTPUT_MARKER = '.bankdocs-output';
export const OUTPUT_MARKER_TEXT = 'This folder was built by bankdocs; "bankdocs build" replaces it as a whole.\n';

export interface OutDirInput {
  outDir: string;
  /** The folder of docs.config.yaml. */
  projectRoot: string;
  contentDir: string;
  configFile: string;
  /** Replace a non-empty folder bankdocs did not make (never a refused place). */
  force?: boolean;
  /** For tests; default: the user's home folder. */
  home?: string;
}

export interface OutDirRefusal {
  reason: string;
  hint: string;
}

const PROJECT_FILES = ['package.json', 'docs.config.yaml', 'docs.config.yml'];

/** Why `outDir` must not be replaced, or null when the build may replace it. */
export function refuseOutDir(input: OutDirInput): OutDirRefusal | null {
  const target = realish(input.outDir);
  const own = `choose a folder of its own for the built site, such as dist/ beside ${shownPath(input.configFile)}`;
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);

  for (const [path, what] of [
    [realish(input.projectRoot), 'the project folder'],
    [realish(input.home ?? homedir()), 'your home folder'],
  ] as const) {
    if (within(path, target)) return { reason: `${target} is ${path === target ? '' : 'a folder above '}${what}`, hint: own };
  }
  for (const [path, what] of [
    [realish(input.contentDir), 'the content folder'],
    [realish(input.configFile), 'the config file'],
  ] as const) {
    if (within(path, target)) return { reason: `${target} holds ${what} (${path})`, hint: own };
    if (within(target, path)) return { reason: `${target} is inside ${what}; the next build would publish the built site as content`, hint: own };
  }
  if (target.split(sep).includes('.git')) return { reason: `${target} is a git folder`, hint: own };
  // Installed packages (the site's own node_modules, --force or not): a build would replace them.
  if (target.split(sep).includes('node_modules')) return { reason: `${target} is a folder of installed packages (node_modules)`, hint: own };

  let stat;
  try {
    stat = lstatSync(input.outDir);
  } catch {
    return null; // does not exist yet: nothing to lose
  }
  if (stat.isSymbolicLink()) return { reason: `${resolve(input.outDir)} is a symbolic link`, hint: 'point --out at the real folder' };
  if (!stat.isDirectory()) return { reason: `${target} is a file, not a folder`, hint: own };
  // A mount point (a container's volume, a tmpfs) cannot be renamed: the new folder could
  // not be swapped in, and every build that writes a whole folder would fail at its end (EBUSY).
  if (stat.dev !== lstatSync(dirname(target)).dev) {
    return { reason: `${target} is a mount point (another file system than the folder above it); a build swaps a new folder in, which a mount point cannot take`, hint: 'mount the folder above it instead, or build into a folder of that file system and copy it' };
  }
  const found = PROJECT_FILES.find((name) => existsSync(join(target, name)));
  if (found) return { reason: `${target} holds ${found}: it is a project, not a built site`, hint: own };
  if (existsSync(join(target, OUTPUT_MARKER)) || input.force) return null;
  const entries = readdirSync(target);
  if (entries.length === 0) return null;
  return {
    reason: `${target} is not empty and was not built by bankdocs (it has no ${OUTPUT_MARKER} file); the build would delete ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} such as "${entries.sort()[0]}"`,
    hint: `choose another folder, or pass --force to replace it once (later builds then recognise it)`,
  };
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended. */
function realish(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realish(parent), basename(absolute));
  }
}
