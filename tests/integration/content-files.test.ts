// Files under content/ that are not pages: what is published, what is refused (issue #20).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copySite, removeSite, runCli } from '../helpers/site.js';

let site: string;
beforeEach(() => {
  site = copySite('basic-site');
});
afterEach(() => removeSite(site));

const errorLines = (stderr: string) => stderr.split('\n').filter((l) => /\s error\s/.test(l));

describe('content files', () => {
  it('refuses files that would replace generated output or run on the docs origin, each at its file', () => {
    writeFileSync(join(site, 'content', 'en', 'index.html'), '<h1>not the home page</h1>');
    writeFileSync(join(site, 'content', '404.html'), '<h1>no resolver</h1>');
    writeFileSync(join(site, 'content', '_redirects'), '/* https://evil.example/:splat 301!\n');
    writeFileSync(join(site, 'content', 'assets', 'badge.svg'), '<svg xmlns="http://www.w3.org/2000/svg">\n  <script>localStorage.setItem("bankdocs:consent", "{}")</script>\n</svg>\n');
    const result = runCli(['build'], site);
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      'content/_redirects:1:1  error  _redirects steers the static host (redirects, headers); a file under content/ does not publish it by itself  [content-host-file]',
      'content/404.html:1:1  error  404.html is not published: only passive files are copied from content/ (png, jpg, jpeg, gif, webp, avif, svg, ico, bmp, woff, woff2, ttf, otf, pdf, json, yaml, yml, txt, csv, zip, mp4, webm, mp3, ogg, wav)  [content-file-type]',
      'content/assets/badge.svg:2:3  error  this SVG holds a <script> element: it would run on the docs site when the image is opened  [svg-unsafe]',
      'content/en/index.html:1:1  error  en/index.html is not published: only passive files are copied from content/ (png, jpg, jpeg, gif, webp, avif, svg, ico, bmp, woff, woff2, ttf, otf, pdf, json, yaml, yml, txt, csv, zip, mp4, webm, mp3, ogg, wav)  [content-file-type]',
    ]);
    expect(readdirSync(site)).not.toContain('dist');
  });

  it('refuses a content file at a generated path', () => {
    writeFileSync(join(site, 'content', 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    const result = runCli(['build'], site);
    expect(result.status).toBe(1);
    expect(errorLines(result.stderr)).toEqual(['content/robots.txt:1:1  error  robots.txt would replace the generated robots.txt  [content-file-collision]']);
  });

  it('check reports the same problems', () => {
    writeFileSync(join(site, 'content', 'robots.txt'), 'User-agent: *\n');
    writeFileSync(join(site, 'content', 'netlify.toml'), '[build]\n');
    const result = runCli(['check'], site);
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toContain('[content-file-collision]');
    expect(result.stdout + result.stderr).toContain('content/netlify.toml:1:1  error');
  });

  it('publishes host files listed in site.hostFiles, after the generated lines', () => {
    writeFileSync(join(site, 'content', '_redirects'), '/old-blog/* https://blog.moorlink.example/:splat 301\n');
    writeFileSync(join(site, 'content', 'CNAME'), 'docs.moorlink.example\n');
    const config = join(site, 'docs.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/^site:\n/m, 'site:\n  hostFiles: [_redirects, CNAME]\n'));
    const result = runCli(['build', '--quiet'], site);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const redirects = readFileSync(join(site, 'dist', '_redirects'), 'utf8');
    expect(redirects).toMatch(/^\/\S+ {2}\/\S+ {2}30[12]$/m);
    expect(redirects.indexOf('/old-blog/')).toBeGreaterThan(redirects.search(/^\/\S+ {2}\/\S+ {2}30[12]$/m));
    expect(redirects.endsWith('\n# From content/_redirects (site.hostFiles)\n/old-blog/* https://blog.moorlink.example/:splat 301\n')).toBe(true);
    expect(readFileSync(join(site, 'dist', 'CNAME'), 'utf8')).toBe('docs.moorlink.example\n');
  });

  it('builds the same bytes twice', () => {
    mkdirSync(join(site, 'content', 'files'));
    writeFileSync(join(site, 'content', 'files', 'terms.pdf'), '%PDF-1.4\n');
    expect(runCli(['build', '--out', 'a', '--quiet'], site).status).toBe(0);
    expect(runCli(['build', '--out', 'b', '--quiet'], site).status).toBe(0);
    const files = (dir: string) => readdirSync(join(site, dir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(join(site, dir).length)).sort();
    expect(files('a')).toEqual(files('b'));
    expect(files('a').length).toBeGreaterThan(20);
    for (const file of files('a')) expect(readFileSync(join(site, 'b', file)).equals(readFileSync(join(site, 'a', file))), file).toBe(true);
  });
});
