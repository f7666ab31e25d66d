// The config values that would send a visitor or the site off-site, or load a script
// that anyone could swap, are refused with a message that says what to write instead.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '../../../src/config/load-config.js';
import { configSchema, type ConfigInput } from '../../../src/config/schema.js';

const base = (): ConfigInput => ({
  product: { name: 'P', tag: 'T', provider: 'Co' },
  site: { url: 'https://docs.p.example', titleTemplate: '%s | P', logo: 'assets/logo.svg' },
  menu: [{ label: 'Home', to: '/' }],
  footer: { links: [], copyright: '© P' },
});

/** "path: message" of every issue once `change` is applied to a valid config. */
const issues = (change: (c: ConfigInput) => void): string[] => {
  const config = base();
  change(config);
  const result = configSchema.safeParse(config);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const service = (more: Record<string, unknown>) => ({ name: 'chat', category: 'functional' as const, script: 'https://widget.example/loader/{id}.js', ids: { other: 'x' }, ...more });
const sri = (algorithm: 'sha256' | 'sha384' | 'sha512', text: string) => `${algorithm}-${createHash(algorithm).update(text).digest('base64')}`;

const PATH_MESSAGE = 'an internal link is a site path that starts with a single "/", e.g. "/developers", with no "\\", spaces or control characters ("//…" and "/\\…" lead to another site: link to one with href: and its https:// URL)';

describe('menu and footer "to:"', () => {
  it.each(['/', '/developers', '/developers/getting-started#step-2', '/support?x=1', '/a%20b', '/general/linking/faq'])('accepts the site path %j', (to) => {
    expect(issues((c) => (c.menu = [{ label: 'L', to }]))).toEqual([]);
    expect(issues((c) => (c.footer.links = [{ label: 'L', to }]))).toEqual([]);
  });

  it.each(['/\\evil.example/', '//evil.example/', '/\\/evil.example', '/dev\\guides', '/a b', '/\t/evil.example', '/x\n', '/x\u0085', 'developers', '', 'https://evil.example/'])(
    'refuses %j, which is not a site path',
    (to) => {
      expect(issues((c) => (c.menu = [{ label: 'L', to }]))).toEqual([`menu.0.to: ${PATH_MESSAGE}`]);
      expect(issues((c) => (c.footer.links = [{ label: 'L', to }]))).toEqual([`footer.links.0.to: ${PATH_MESSAGE}`]);
    },
  );

  it('reports "/\\evil.example/" at the value in docs.config.yaml, with what to write instead', () => {
    const text = 'product: { name: P, tag: T, provider: Co }\nsite: { url: "https://docs.p.example", titleTemplate: "%s", logo: a.svg }\nmenu:\n  - label: Home\n    to: "/\\\\evil.example/"\nfooter: { links: [], copyright: c }\n';
    const result = parseConfig(text, '/site/docs.config.yaml');
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([`5:9 config-invalid "menu[0].to": ${PATH_MESSAGE}`]);
  });
});

describe('site.logo and site.socialImage', () => {
  it.each(['assets/logo.svg', 'logo.png', 'assets/brand/logo 2x.png', 'assets/..logo.svg', 'assets/a..b/logo.svg', 'assets/a:b.svg'])('accepts the content path %j', (path) => {
    expect(issues((c) => (c.site.logo = path))).toEqual([]);
    expect(issues((c) => (c.site.socialImage = path))).toEqual([]);
  });

  it.each([
    'https://evil.example/logo.svg',
    'http://evil.example/logo.svg',
    '//evil.example/logo.svg',
    '/assets/logo.svg',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg/>',
    'C:/logo.svg',
    '../logo.svg',
    'assets/../../logo.svg',
    'assets/..',
    '..',
    'assets\\logo.svg',
    'assets/logo\n.svg',
    '',
  ])('refuses %j, which is not a file under content/', (path) => {
    expect(issues((c) => (c.site.logo = path))).toEqual([
      'site.logo: the logo is a path relative to the content folder, e.g. "assets/logo.svg": no URL or scheme, no leading "/", no ".." and no "\\"; put the file in that folder (site.contentDir)',
    ]);
    expect(issues((c) => (c.site.socialImage = path))).toEqual([
      'site.socialImage: the social image is a path relative to the content folder, e.g. "assets/social.png": no URL or scheme, no leading "/", no ".." and no "\\"; put the file in that folder (site.contentDir)',
    ]);
  });
});

describe('monitoring.serverUrl', () => {
  const MESSAGE = 'monitoring.serverUrl: the APM server is an https:// URL (e.g. "https://apm.example.com") or a path on this site (e.g. "/apm"), without query or fragment; http:// only for localhost or 127.0.0.1';

  it.each(['https://apm.example.com', 'https://apm.example.com:8200', 'https://apm.example.com/rum/', '/apm', '/', '/observability/apm', 'http://localhost:8200', 'http://127.0.0.1:8200/apm', 'http://[::1]:8200', 'http://localhost'])(
    'accepts %j',
    (serverUrl) => {
      expect(issues((c) => (c.monitoring = { serverUrl }))).toEqual([]);
    },
  );

  it.each([
    'http://apm.example.com',
    'http://localhost.evil.example',
    'http://127.0.0.1@evil.example',
    'http://10.0.0.5:8200',
    'apm',
    '',
    '//apm.example.com',
    '/\\apm.example.com',
    'javascript:alert(1)',
    'ftp://apm.example.com',
    'https://apm.example.com/?token=x',
    'https://apm.example.com/#x',
    'https://user@apm.example.com',
    'https://apm example.com',
    '/apm path',
  ])('refuses %j', (serverUrl) => {
    expect(issues((c) => (c.monitoring = { serverUrl }))).toEqual([MESSAGE]);
  });

  it('refuses an https URL whose host does not parse, saying so', () => {
    expect(issues((c) => (c.monitoring = { serverUrl: 'https://[apm' }))).toEqual(['monitoring.serverUrl: the APM server URL does not parse; write it like "https://apm.example.com"']);
  });
});

describe('services[].script', () => {
  const MESSAGE = 'services.0.script: the script is an absolute https:// URL containing "{id}", e.g. "https://widget.example/loader/{id}.js" (over http:// anyone on the visitor\'s network could replace it)';

  it.each(['https://widget.example/loader/{id}.js', 'https://cdn.trackline.example/t.js?site={id}', 'https://widget.example:8443/{id}'])('accepts %j', (script) => {
    expect(issues((c) => (c.services = [service({ script })]))).toEqual([]);
  });

  it.each(['http://widget.example/loader/{id}.js', '//widget.example/loader/{id}.js', '/loader/{id}.js', 'https://widget.example/loader.js', 'https://widget.example{id}', 'https://user@widget.example/{id}.js', 'https://widget.example/{id} .js', 'javascript:{id}'])(
    'refuses %j',
    (script) => {
      expect(issues((c) => (c.services = [service({ script })]))).toEqual([MESSAGE]);
    },
  );

  it('refuses a script URL whose host does not parse, saying so', () => {
    expect(issues((c) => (c.services = [service({ script: 'https://[widget/{id}.js' })]))).toEqual(['services.0.script: the script URL does not parse; write it like "https://widget.example/loader/{id}.js"']);
  });
});

describe('services[].integrity', () => {
  const MESSAGE = 'services.0.integrity: integrity is one or more Subresource Integrity hashes separated by spaces, each "sha256-", "sha384-" or "sha512-" and the base64 digest of the script (e.g. from `openssl dgst -sha384 -binary loader.js | openssl base64 -A`)';
  const s256 = sri('sha256', 'a');
  const s384 = sri('sha384', 'a');
  const s512 = sri('sha512', 'a');

  it('is optional, and kept as written', () => {
    const parsed = configSchema.parse({ ...base(), services: [service({}), service({ name: 'other', integrity: s384 })] });
    expect(parsed.services.map((s) => s.integrity)).toEqual([undefined, s384]);
  });

  it.each([s256, s384, s512, `${s384} ${sri('sha384', 'b')}`, `${s256}  ${s512}`])('accepts %j', (integrity) => {
    expect(issues((c) => (c.services = [service({ integrity })]))).toEqual([]);
  });

  it.each([
    '',
    'sha1-' + createHash('sha1').update('a').digest('base64'),
    'md5-' + createHash('md5').update('a').digest('base64'),
    s384.slice(0, -1),
    `${s384}x`,
    s256.replace('=', ''),
    s384.replace('sha384-', 'sha384:'),
    s384.replace('sha384', 'SHA384'),
    `${s384},${s512}`,
    ` ${s384}`,
    `${s384}\n${s512}`,
    `${s384}?opt`,
    `sha384-${createHash('sha384').update('a').digest('base64url')}-_`,
    '" onload="alert(1)',
  ])('refuses %j', (integrity) => {
    expect(issues((c) => (c.services = [service({ integrity })]))).toEqual([MESSAGE]);
  });
});

describe('the JSON Schema of the new rules', () => {
  it('describes every changed field and carries the patterns for editors', () => {
    const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, any> };
    const site = schema.properties.site.properties;
    const serviceItem = schema.properties.services.items.properties;
    const to = schema.properties.menu.items.anyOf[0].properties.to;
    for (const field of [site.logo, site.socialImage, schema.properties.monitoring.properties.serverUrl, serviceItem.script, serviceItem.integrity, to]) {
      expect(field.description).toBeTruthy();
      expect(field.pattern).toBeTruthy();
      // The pattern an editor checks agrees with zod on the dangerous value.
      expect(new RegExp(field.pattern, 'u').test('/\\evil.example/')).toBe(false);
    }
    expect(new RegExp(to.pattern, 'u').test('/developers')).toBe(true);
    expect(new RegExp(site.logo.pattern, 'u').test('assets/logo.svg')).toBe(true);
  });
});

describe('the JSON Schema\'s descriptions', () => {
  it('name only keys the config has when they name one by its path (site.productionHosts)', () => {
    const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, any>;
    const paths = new Set<string>();
    const descriptions: string[] = [];
    const walk = (node: any, path: string): void => {
      if (!node || typeof node !== 'object') return;
      if (typeof node.description === 'string') descriptions.push(node.description);
      for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) for (const part of node[key] ?? []) walk(part, path);
      if (node.items) walk(node.items, path);
      if (node.additionalProperties) walk(node.additionalProperties, path);
      for (const [key, value] of Object.entries(node.properties ?? {})) {
        const here = path ? `${path}.${key}` : key;
        paths.add(here);
        walk(value, here);
      }
    };
    walk(schema, '');
    const top = Object.keys(schema.properties).join('|');
    // "llms.txt" and other file names are no key paths.
    const named = descriptions.flatMap((d) => [...d.matchAll(new RegExp(`(?<![\\w/.-])(?:${top})(?:\\.[a-zA-Z]+)+(?![\\w-])`, 'g'))].map((m) => m[0])).filter((p) => !/\.(txt|json|ya?ml|md|html|xml)$/.test(p));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((p) => !paths.has(p))).toEqual([]);
  });
});

describe('site.titleTemplate', () => {
  it('is one template or one per locale, each with "%s", covering the default locale and no other', () => {
    const set = (template: ConfigInput['site']['titleTemplate']) => (c: ConfigInput) => {
      c.locales = { available: ['en', 'nl'], default: 'en' };
      c.site.titleTemplate = template;
    };
    expect(issues(set('%s | P'))).toEqual([]);
    expect(issues(set({ en: '%s | P Docs', nl: '%s | P-documentatie' }))).toEqual([]);
    expect(issues(set({ en: '%s | P Docs', nl: 'P-documentatie' }))).toEqual(['site.titleTemplate.nl: the title template must contain "%s" where the page title goes']);
    expect(issues(set({ nl: '%s | P-documentatie' }))).toEqual(['site.titleTemplate: the label needs a text for the default locale "en"']);
    expect(issues(set({ en: '%s | P Docs', de: '%s | P-Doku' }))).toEqual(['site.titleTemplate.de: "de" is not in locales.available (en, nl)']);
  });
});
