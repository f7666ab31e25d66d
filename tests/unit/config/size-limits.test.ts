import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { frontMatterTooLarge, readLimited, SIZE_LIMITS } from '../../../src/config/size-limits.js';

const dir = mkdtempSync(join(tmpdir(), 'bankdocs-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readLimited', () => {
  it('reads a file up to the limit, byte for byte', async () => {
    const file = join(dir, 'ok.yaml');
    const text = `a: "é"\n${'#'.repeat(SIZE_LIMITS.rubyClient.bytes - 9)}\n`;
    writeFileSync(file, text);
    expect(Buffer.byteLength(text)).toBe(SIZE_LIMITS.rubyClient.bytes);
    expect(await readLimited(file, SIZE_LIMITS.rubyClient)).toEqual({ ok: true, text });
  });

  it('refuses a file one byte over the limit at line 1, column 1, with its size', async () => {
    const file = join(dir, 'over.yaml');
    writeFileSync(file, 'x'.repeat(SIZE_LIMITS.rubyClient.bytes + 1));
    expect(await readLimited(file, SIZE_LIMITS.rubyClient)).toEqual({
      ok: false,
      diagnostic: {
        ruleId: 'file-too-large',
        severity: 'error',
        message: 'ruby-client.yaml is 1,048,577 bytes, more than bankdocs reads (1 MiB)',
        hint: 'shorten it: nothing in it needs to be this large',
        file,
        line: 1,
        column: 1,
      },
    });
  });

  it("reads an OpenAPI document as large as GitHub's REST API (12.4 MiB), and refuses a 33 MiB one by its size", async () => {
    const file = join(dir, 'openapi.yaml');
    writeFileSync(file, Buffer.alloc(13 * 1024 * 1024, 0x20));
    expect((await readLimited(file, SIZE_LIMITS.openapi)).ok).toBe(true);
    writeFileSync(file, Buffer.alloc(33 * 1024 * 1024, 0x20));
    const read = await readLimited(file, SIZE_LIMITS.openapi);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.diagnostic).toMatchObject({ message: 'the OpenAPI document is 33 MiB, more than bankdocs reads (32 MiB)', hint: expect.stringContaining('leave out what the reference does not need') });
  });

  it('never opens a device or a named pipe (opening a pipe waits for a writer for ever)', async () => {
    // /dev/zero is endless and its size is 0.
    await expect(readLimited('/dev/zero', SIZE_LIMITS.config)).rejects.toMatchObject({ code: 'not a regular file' });
    const pipe = join(dir, 'docs.config.yaml');
    execFileSync('mkfifo', [pipe]);
    await expect(readLimited(pipe, SIZE_LIMITS.config)).rejects.toMatchObject({ code: 'not a regular file' });
  });

  it('refuses bytes that are not UTF-8 text as encoding-invalid at their line and column', async () => {
    const read = async (bytes: Buffer) => {
      const file = join(dir, `encoding-${bytes.length}.yaml`);
      writeFileSync(file, bytes);
      const result = await readLimited(file, SIZE_LIMITS.config);
      return result.ok ? result : { ok: false, ...result.diagnostic };
    };
    expect(await read(Buffer.from('product:\n  name: Caf\xe9\n', 'latin1'))).toMatchObject({ ok: false, ruleId: 'encoding-invalid', line: 2, column: 12 });
    expect(await read(Buffer.from('info:\n  description: a\0b\n'))).toMatchObject({ ok: false, ruleId: 'encoding-invalid', line: 2, column: 17, message: 'the file holds a NUL character' });
    expect(await read(Buffer.from('\ufeffopenapi: 3.1.0\n', 'utf16le'))).toMatchObject({ ok: false, ruleId: 'encoding-invalid', line: 1, column: 1, message: 'the file is UTF-16LE text; bankdocs reads its files as UTF-8' });
  });

  it('rejects for a missing file, for the caller to report', async () => {
    await expect(readLimited(join(dir, 'missing.yaml'), SIZE_LIMITS.config)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('frontMatterTooLarge', () => {
  it('counts UTF-8 bytes, not characters', () => {
    const limit = SIZE_LIMITS.frontMatter.bytes;
    expect(frontMatterTooLarge(`title: "${'x'.repeat(1000)}"`, '/c/a.md')).toBeNull();
    expect(frontMatterTooLarge('x'.repeat(limit), '/c/a.md')).toBeNull();
    // Half as many characters, each two bytes.
    expect(frontMatterTooLarge('é'.repeat(limit / 2 + 1), '/c/a.md')).toEqual({
      ruleId: 'file-too-large',
      severity: 'error',
      message: 'the front matter is 262,146 bytes, more than bankdocs reads (256 KiB)',
      hint: 'move long text into the page body; front matter holds the title, description and a few settings',
      file: '/c/a.md',
      line: 1,
      column: 1,
    });
  });
});
