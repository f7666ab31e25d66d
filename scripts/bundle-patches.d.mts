// Types of bundle-patches.mjs, for its tests.
import type { Plugin } from 'esbuild';

export function walkAll(node: object, visitor: (node: object) => void): void;
export const KEPT_AS_IS: RegExp;
export const TERMINATOR_CODES: number[];
export const COMPILED_AT_ONCE: string;
export const cheaperDependencies: Plugin;
export const SLUG_ASCII: string;
export function asciiSlug(value: string): string | null;
export const ONE_LINE_AS_IS: string;
export function validPosition(position: { start?: unknown; end?: unknown }): boolean;
export const SHARED_POSITION: string;
