import { describe, expect, it } from 'vitest';
import { decodeSource, firstInvalidUtf8 } from '../../../src/content/encoding.js';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('decodeSource', () => {
  it('reads UTF-8, with or without a byte order mark', () => {
    expect(decodeSource(bytes('---\ntitle: "Café"\n---\n'), '/f.md')).toEqual({ text: '---\ntitle: "Café"\n---\n', diagnostic: null });
    expect(decodeSource(bytes([0xef, 0xbb, 0xbf], '# Hi'), '/f.md')).toEqual({ text: '\ufeff# Hi', diagnostic: null });
  });

  it('reports the first invalid byte at its line and column, counted in characters', () => {
    const result = decodeSource(bytes('line one\nCafé ', [0xe9], ' au lait\n', [0xff]), '/f.md');
    expect(result.diagnostic).toMatchObject({ ruleId: 'encoding-invalid', severity: 'error', file: '/f.md', line: 2, column: 6, message: expect.stringContaining('byte 0xE9 is not valid UTF-8') });
    expect(result.text).toContain('\ufffd');
  });

  it('reports a truncated sequence at the end and overlong or surrogate forms', () => {
    expect(decodeSource(bytes('ab', [0xe2, 0x82]), '/f.md').diagnostic).toMatchObject({ line: 1, column: 3 });
    expect(firstInvalidUtf8(bytes([0xc0, 0xaf]))).toBe(0);
    expect(firstInvalidUtf8(bytes('x', [0xed, 0xa0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(bytes('x', [0xf4, 0x90, 0x80, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(bytes('ok €𝄞'))).toBe(-1);
  });

  it('names UTF-16 files, with or without a byte order mark', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('---\ntitle: x\n---\n', 'utf16le')]);
    expect(decodeSource(le, '/f.md').diagnostic).toMatchObject({ line: 1, column: 1, message: 'the file is UTF-16LE text; bankdocs reads its files as UTF-8' });
    expect(decodeSource(Buffer.from('---\ntitle: x\n---\n', 'utf16le'), '/f.md').diagnostic?.message).toContain('UTF-16LE');
    const be = Buffer.from('---\ntitle: x\n---\n', 'utf16le').swap16();
    expect(decodeSource(be, '/f.md').diagnostic?.message).toContain('UTF-16BE');
  });

  it('reports a NUL character', () => {
    expect(decodeSource(bytes('a\nbc\0d'), '/f.md').diagnostic).toMatchObject({ line: 2, column: 3, message: 'the file holds a NUL character' });
  });

  it('counts CR, CRLF and LF as line ends, as Markdown does (a CR-only file put every problem on line 1)', () => {
    expect(decodeSource(bytes('a\rb\r\ncd\nCafé ', [0xe9]), '/f.md').diagnostic).toMatchObject({ line: 4, column: 6 });
    expect(decodeSource(bytes('a\rb\r\ncd\nef\0'), '/f.md').diagnostic).toMatchObject({ line: 4, column: 3 });
  });
});
