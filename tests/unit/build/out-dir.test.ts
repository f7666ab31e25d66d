import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER, refuseOutDir } from '../../../src/build/out-dir.js';

let root: string;
let project: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bankdocs-outdir-'));
  project = join(root, 'home', 'me', 'site');
  mkdirSync(join(project, 'content'), { recursive: true });
  mkdirSync(join(project, '.git'));
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'src', 'main.ts'), 'code');
  writeFileSync(join(project, 'docs.config.yaml'), 'x: 1');
  writeFileSync(join(project, 'README.md'), 'readme');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const check = (out: string, force = false) =>
  refuseOutDir({ outDir: join(project, out), projectRoot: project, contentDir: join(project, 'content'), configFile: join(project, 'docs.config.yaml'), home: join(root, 'home', 'me'), force });

describe('refuseOutDir', () => {
  it('accepts a new folder, an empty one, and one bankdocs built', () => {
    expect(check('dist')).toBeNull();
    mkdirSync(join(project, 'empty'));
    expect(check('empty')).toBeNull();
    mkdirSync(join(project, 'built'));
    writeFileSync(join(project, 'built', OUTPUT_MARKER), '');
    writeFileSync(join(project, 'built', 'index.html'), '');
    expect(check('built')).toBeNull();
  });

  it('refuses a non-empty folder bankdocs did not build, unless forced', () => {
    expect(check('src')?.reason).toMatch(/src is not empty and was not built by bankdocs .* "main.ts"/);
    expect(check('src')?.hint).toMatch(/--force/);
    expect(check('src', true)).toBeNull();
  });

  it('always refuses the project, its parents, the home folder, .git, node_modules, files, content and projects', () => {
    expect(check('.', true)?.reason).toMatch(/is the project folder/);
    expect(check('..', true)?.reason).toMatch(/is a folder above the project folder/);
    expect(refuseOutDir({ outDir: '/', projectRoot: project, contentDir: join(project, 'content'), configFile: join(project, 'docs.config.yaml'), force: true })?.reason).toMatch(/above the project folder/);
    expect(check('../..', true)?.reason).toMatch(/above/);
    expect(check('.git', true)?.reason).toMatch(/git folder/);
    expect(check('.git/objects', true)?.reason).toMatch(/git folder/);
    expect(check('node_modules', true)?.reason).toMatch(/installed packages/);
    expect(check('node_modules/.cache/site', true)?.reason).toMatch(/installed packages/);
    expect(check('README.md', true)?.reason).toMatch(/is a file, not a folder/);
    expect(check('content', true)?.reason).toMatch(/holds the content folder|inside the content folder/);
    expect(check('content/dist', true)?.reason).toMatch(/inside the content folder/);
    mkdirSync(join(root, 'home', 'me', 'other'));
    writeFileSync(join(root, 'home', 'me', 'other', 'package.json'), '{}');
    expect(check('../other', true)?.reason).toMatch(/holds package.json/);
  });

  it('refuses the home folder even when the project is elsewhere', () => {
    const home = join(root, 'elsewhere-home');
    mkdirSync(home);
    writeFileSync(join(home, 'notes.txt'), '');
    const refusal = refuseOutDir({ outDir: home, projectRoot: project, contentDir: join(project, 'content'), configFile: join(project, 'docs.config.yaml'), home, force: true });
    expect(refusal?.reason).toMatch(/is your home folder/);
  });

  // /dev/shm is a file system of its own on Linux (tmpfs), as a container's volume would be.
  it.skipIf(!existsSync('/dev/shm') || statSync('/dev/shm').dev === statSync('/dev').dev)('refuses a mount point, even forced: it cannot be swapped for a new folder', () => {
    const refusal = refuseOutDir({ outDir: '/dev/shm', projectRoot: project, contentDir: join(project, 'content'), configFile: join(project, 'docs.config.yaml'), home: join(root, 'home', 'me'), force: true });
    expect(refusal?.reason).toMatch(/^\/dev\/shm is a mount point/);
    // A folder on that file system is fine.
    const inside = mkdtempSync('/dev/shm/bankdocs-outdir-');
    try {
      expect(refuseOutDir({ outDir: inside, projectRoot: project, contentDir: join(project, 'content'), configFile: join(project, 'docs.config.yaml'), home: join(root, 'home', 'me') })).toBeNull();
    } finally {
      rmSync(inside, { recursive: true, force: true });
    }
  });

  it('refuses a symbolic link', () => {
    mkdirSync(join(root, 'target'));
    symlinkSync(join(root, 'target'), join(project, 'linked'));
    expect(check('linked', true)?.reason).toMatch(/symbolic link/);
  });
});
