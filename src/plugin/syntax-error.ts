// Where a plugin's module fails to parse: Node's SyntaxError from import() names no line,
// so the file is read with esbuild's parser (the bundler bankdocs uses anyway), which does.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { importModule } from '../dynamic-import.js';

const LOADERS: Record<string, 'js' | 'jsx' | 'ts' | 'tsx'> = { '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx', '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx' };

/** The place and text of the first syntax error in `file`, or null when it parses (the error is elsewhere: a module it imports). */
export async function syntaxErrorIn(file: string): Promise<Pick<Diagnostic, 'file' | 'line' | 'column' | 'message'> | null> {
  const loader = LOADERS[extname(file)];
  if (!loader) return null;
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  const { transform } = await importModule<typeof import('esbuild')>('esbuild');
  try {
    await transform(source, { loader, format: 'esm', sourcefile: file, logLevel: 'silent' });
    return null;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number; lineText: string } | null }[] }).errors?.[0];
    if (!first?.location) return null;
    // esbuild counts the column in UTF-8 bytes; diagnostics count characters.
    const column = Buffer.from(first.location.lineText).subarray(0, first.location.column).toString().length + 1;
    return { file, line: first.location.line, column, message: first.text };
  }
}
