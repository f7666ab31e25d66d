// Width and height on content images, read from the files at build time, so the browser
// reserves their space before they load: without them a lazy image above a heading
// pushed a table-of-contents jump 418 px short (issue #19). CSS keeps them fluid
// (img { max-width: 100%; height: auto }). PNG, GIF, JPEG and SVG are read; others are left as written.
import { openSync, readSync, closeSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { contextOf } from './context.js';
import { decodedPath } from '../url-decode.js';
import { walk, type WalkNode } from './walk.js';

export interface ImageSize {
  width: number;
  height: number;
}

/** Enough of the file for every header we read (an SVG's root element comes early). */
const HEAD_BYTES = 64 * 1024;

export default function rehypeImageSize() {
  // One processor's cache: the same diagram on many pages is read once (keyed by mtime).
  const cache = new Map<string, ImageSize | null>();
  return (tree: Root, file: VFile) => {
    const ctx = contextOf(file);
    const contentDir = ctx.file.slice(0, ctx.file.length - ctx.source.length);
    walk(tree as WalkNode, (any) => {
      const node = any as unknown as Element;
      if (node.type !== 'element' || node.tagName !== 'img') return;
      const src = typeof node.properties.src === 'string' ? node.properties.src : '';
      if (!src.startsWith('/') || node.properties.width !== undefined || node.properties.height !== undefined) return;
      const rel = decodedPath(src.slice(1).split(/[?#]/)[0]!);
      if (rel === null || !ctx.assets.has(rel)) return;
      const size = sizeOf(join(contentDir, rel), cache);
      if (!size) return;
      node.properties.width = size.width;
      node.properties.height = size.height;
    });
  };
}

function sizeOf(path: string, cache: Map<string, ImageSize | null>): ImageSize | null {
  let key: string;
  try {
    key = `${path}:${statSync(path).mtimeMs}`;
  } catch {
    return null;
  }
  if (cache.has(key)) return cache.get(key)!;
  let size: ImageSize | null = null;
  try {
    const fd = openSync(path, 'r');
    try {
      const head = Buffer.alloc(HEAD_BYTES);
      const read = readSync(fd, head, 0, HEAD_BYTES, 0);
      size = imageSize(head.subarray(0, read));
    } finally {
      closeSync(fd);
    }
  } catch {
    size = null;
  }
  cache.set(key, size);
  return size;
}

/** The intrinsic size an image file declares in its first bytes, or null. */
export function imageSize(bytes: Buffer): ImageSize | null {
  // PNG: the IHDR chunk follows the 8-byte signature.
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return positive(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  }
  // GIF87a / GIF89a: logical screen size, little-endian.
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 4) === 'GIF8') return positive(bytes.readUInt16LE(6), bytes.readUInt16LE(8));
  // JPEG: the first start-of-frame segment (SOF0..SOF15 but DHT, JPG and DAC).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let pos = 2;
    while (pos + 9 < bytes.length && bytes[pos] === 0xff) {
      const marker = bytes[pos + 1]!;
      const length = bytes.readUInt16BE(pos + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return positive(bytes.readUInt16BE(pos + 7), bytes.readUInt16BE(pos + 5));
      pos += 2 + length;
    }
    return null;
  }
  const text = bytes.toString('utf8');
  const svg = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (svg) {
    const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(?:px)?\\s*["']`, 'i').exec(svg)?.[1];
    const width = attribute('width');
    const height = attribute('height');
    if (width && height) return positive(Math.round(Number(width)), Math.round(Number(height)));
    const viewBox = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(svg);
    if (viewBox) return positive(Math.round(Number(viewBox[1])), Math.round(Number(viewBox[2])));
  }
  return null;
}

function positive(width: number, height: number): ImageSize | null {
  return width > 0 && height > 0 ? { width, height } : null;
}
