import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageSize } from '../../../src/markdown/rehype-image-size.js';
import { renderBody } from '../../helpers/markdown.js';

function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  b.writeUInt32BE(0x89504e47, 0);
  b.writeUInt32BE(0x0d0a1a0a, 4);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

describe('imageSize', () => {
  it('reads PNG, GIF, JPEG and SVG headers', () => {
    expect(imageSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    const gif = Buffer.from('GIF89a\x20\x03\x58\x02', 'latin1');
    expect(imageSize(gif)).toEqual({ width: 800, height: 600 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 300 and width 400.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Array(14).fill(0), 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x01, 0x90, 0x03]);
    expect(imageSize(jpeg)).toEqual({ width: 400, height: 300 });
    expect(imageSize(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="120px" height="80"><rect/></svg>'))).toEqual({ width: 120, height: 80 });
    expect(imageSize(Buffer.from('<svg viewBox="0 0 860 600"/>'))).toEqual({ width: 860, height: 600 });
    expect(imageSize(Buffer.from('<svg width="100%"/>'))).toBeNull();
    expect(imageSize(Buffer.from('not an image'))).toBeNull();
  });

  it('puts the size on content images in the page', () => {
    const root = mkdtempSync(join(tmpdir(), 'bankdocs-img-'));
    try {
      mkdirSync(join(root, 'content', 'developers', 'images'), { recursive: true });
      writeFileSync(join(root, 'content', 'developers', 'images', 'flow.png'), png(1200, 700));
      const { html } = renderBody('![Flow](images/flow.png) ![Elsewhere](https://cdn.example/x.png)', { assets: ['developers/images/flow.png'], file: join(root, 'content', 'developers', 'x.md') });
      expect(html).toContain('src="/developers/images/flow.png"');
      expect(html).toMatch(/<img alt="Flow"[^>]* width="1200" height="700"/);
      expect(html).toMatch(/<img alt="Elsewhere"(?![^>]*width=)[^>]*>/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
