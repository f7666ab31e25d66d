// services[].integrity travels the same route as every other service setting: from
// docs.config.yaml into the page's runtime JSON, and from there, through the consent
// runtime, onto the injected <script>. The site is built with the real CLI; the runtime
// runs here on that JSON against a stand-in document (Chromium is for tests/browser).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../theme/client/config.js';
import { startConsent } from '../../theme/client/consent.js';
import { copySite, readHtml, removeSite, runCli, select, toString } from '../helpers/site.js';

const HASH = `sha384-${createHash('sha384').update('window.chat = 1;').digest('base64')}`;
let site: string;

beforeAll(() => {
  site = copySite('basic-site');
  const config = join(site, 'docs.config.yaml');
  writeFileSync(
    config,
    `${readFileSync(config, 'utf8')}services:
  - name: support-chat
    category: functional
    script: "https://widget.example/loader/{id}.js"
    integrity: "${HASH}"
    ids: { production: null, other: chat-test }
  - name: tracker
    category: analytics
    script: "https://cdn.tracker.example/t.js?site={id}"
    ids: { production: null, other: trk-test }
`,
  );
  const build = runCli(['build', '--quiet'], site);
  expect(build.status, build.stderr).toBe(0);
});
afterAll(() => removeSite(site));

describe('services[].integrity', () => {
  it('reaches the runtime JSON of every page, and only for the service that has it', () => {
    const runtime = JSON.parse(toString(select('#bankdocs-runtime', readHtml(join(site, 'dist'), 'en/index.html'))!)) as RuntimeConfig;
    expect(runtime.services.map((s) => [s.name, s.integrity])).toEqual([['support-chat', HASH], ['tracker', undefined]]);
  });

  it('is set with crossOrigin="anonymous" on the script the consent runtime injects', () => {
    const runtime = JSON.parse(toString(select('#bankdocs-runtime', readHtml(join(site, 'dist'), 'nl/index.html'))!)) as RuntimeConfig;
    const appended: Record<string, unknown>[] = [];
    vi.stubGlobal('window', { localStorage: { getItem: () => JSON.stringify({ functional: true, analytics: true, at: 1 }), setItem: () => {} } });
    vi.stubGlobal('location', { hostname: 'preview.example' });
    vi.stubGlobal('document', {
      createElement: (tag: string) => ({ tag, dataset: {}, addEventListener: () => {} }),
      body: { append: (el: Record<string, unknown>) => appended.push(el) },
    });
    try {
      startConsent(runtime, null);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(appended.map(({ src, integrity, crossOrigin }) => ({ src, integrity, crossOrigin }))).toEqual([
      { src: 'https://widget.example/loader/chat-test.js', integrity: HASH, crossOrigin: 'anonymous' },
      { src: 'https://cdn.tracker.example/t.js?site=trk-test', integrity: undefined, crossOrigin: undefined },
    ]);
  });

  it('is in the bundled consent runtime the site ships', () => {
    const chunks = join(site, 'dist', 'assets', 'chunks');
    const consent = readdirSync(chunks).filter((f) => /^consent-.*\.js$/.test(f));
    expect(consent).toHaveLength(1);
    const js = readFileSync(join(chunks, consent[0]!), 'utf8');
    expect(js).toContain('.integrity=');
    expect(js).toContain('.crossOrigin="anonymous"');
  });
});
