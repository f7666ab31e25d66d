// The unified parser: Markdown -> mdast through markdown-it (see parse.ts for why).
import type { Root } from 'mdast';
import type { Processor } from 'unified';
import { parseMarkdown } from './parse.js';

export default function remarkMarkdownIt(this: Processor) {
  this.parser = (document: string): Root => parseMarkdown(document);
}
