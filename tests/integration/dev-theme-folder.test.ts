// bankdocs dev and a site's theme override: an import of a file that does not exist yet is
// a compile error, and making the file clears it (the override's folder is watched whole;
// before, the error stayed until the override itself was saved again).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevProcess } from '../helpers/dev.js';
import { rawGet } from '../helpers/http.js';
import { removeSite, replaceIn, runCli } from '../helpers/site.js';

const root = mkdtempSync(join(tmpdir(), 'bankdocs-dev-theme-'));
const site = join(root, 'site');
let dev: DevProcess;

beforeAll(async () => {
  expect(runCli(['init', 'site'], root).status).toBe(0);
  mkdirSync(join(site, 'theme'));
  writeFileSync(join(site, 'theme', 'Footer.tsx'), 'export default function Footer() {\n  return <footer>ours</footer>;\n}\n');
  replaceIn(join(site, 'docs.config.yaml'), '# theme:\n#   components:\n#     Footer: ./theme/Footer.tsx   # export default function Footer({ ctx }) { … }\n', 'theme:\n  components:\n    Footer: ./theme/Footer.tsx\n');
  dev = await startDev(site);
});
afterAll(async () => {
  await dev?.stop();
  removeSite(root);
});

describe("a theme override's missing import", () => {
  it('is an error until the file is made, then the page shows it', async () => {
    const get = async (path: string) => (await rawGet({ port: Number(new URL(dev.url).port), path })).body;
    expect(await get('/en')).toContain('<footer>ours</footer>');
    writeFileSync(join(site, 'theme', 'Footer.tsx'), "import { extra } from './extra';\nexport default function Footer() {\n  return <footer>ours {extra}</footer>;\n}\n");
    await expect.poll(() => dev.output(), { timeout: 30_000 }).toMatch(/theme\/Footer\.tsx:1:\d+ +error .*extra/);
    writeFileSync(join(site, 'theme', 'extra.ts'), "export const extra = 'and more';\n");
    await expect.poll(() => get('/en'), { timeout: 30_000 }).toMatch(/<footer>ours (<!-- -->)?and more<\/footer>/);
  });
});
