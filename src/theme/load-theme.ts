// The theme a site renders with: the built-in theme, with the components its overrides
// bundle exports (src/theme/overrides.ts) in place of the built-in ones. Synchronous, so
// every renderer (this thread, each render thread, the dev server's) loads it as it is
// created, from the bundle's text: nothing but plain data crosses threads.
//
// One React: the bundle leaves `react`, `react/jsx-runtime` and `bankdocs/theme` as
// require() calls, and the require it runs with hands it the very modules bankdocs renders
// with. An override's elements, hooks and context are then those of the renderer, and
// `import { Footer } from 'bankdocs/theme'` is the built-in Footer, ready to wrap.
import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as builtin from '../../theme/index.js';
import type { Config } from '../config/schema.js';
import type { ComponentName, Theme, ThemeComponents } from './contract.js';
import { siteStrings, type StringsOf } from './strings.js';

/** A site's compiled overrides: plain data, so it travels to render threads with the Site. */
export interface ThemeOverrides {
  /** The bundle (CommonJS) of every override; it exports each one's module under its component name. */
  code: string;
  /** Hash of the bundle: part of every document's cache key (src/cache/document-key.ts). */
  hash: string;
  /** Where the bundle was written (the site's cache folder), its name in stack traces; null with the cache off. */
  bundle: string | null;
  /** Each overridden component's file (absolute), by component name. */
  components: Record<string, string>;
  /** Every file of the site the bundle was compiled from (the overrides and what they import): watched by dev. */
  files: string[];
}

/** Modules an override gets from bankdocs rather than from its own folder. */
export const HOST_MODULES = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'bankdocs/theme'] as const;

const host: Record<(typeof HOST_MODULES)[number], unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  // Only asked for when a site's tooling compiles for development; the same functions serve.
  'react/jsx-dev-runtime': { ...jsxRuntime, jsxDEV: jsxRuntime.jsx },
  'bankdocs/theme': builtin,
};

/** Runs the overrides bundle; its exports by component name (each an override file's module). */
export function evaluateOverrides(overrides: Pick<ThemeOverrides, 'code' | 'bundle' | 'components'>): Record<string, Record<string, unknown>> {
  const module = { exports: {} as Record<string, Record<string, unknown>> };
  const first = Object.values(overrides.components)[0] ?? process.cwd();
  const fallback = createRequire(first);
  const require = (id: string) => (id in host ? host[id as keyof typeof host] : fallback(id));
  const run = compileFunction(overrides.code, ['require', 'module', 'exports'], { filename: overrides.bundle ?? 'bankdocs-theme-overrides.cjs' });
  run(require, module, module.exports);
  return module.exports;
}

/**
 * The override file an error was thrown in, from its stack: the bundle's line, under the
 * comment esbuild writes before each module ("// theme/Footer.tsx"). Null when the error
 * did not come from the overrides.
 */
export function overrideFileOf(error: unknown, overrides: Pick<ThemeOverrides, 'code' | 'bundle' | 'files'>): string | null {
  if (error instanceof OverrideOutputError) return error.file;
  const name = overrides.bundle ?? 'bankdocs-theme-overrides.cjs';
  const stack = String((error as Error | null)?.stack ?? '');
  const at = stack.indexOf(`${name}:`);
  if (at === -1) return null;
  const line = Number(/^:(\d+)/.exec(stack.slice(at + name.length))?.[1] ?? 0);
  const lines = overrides.code.split('\n');
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
    const marker = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(lines[i]!);
    if (!marker) continue;
    const rel = marker[1]!;
    return overrides.files.find((file) => file.split('\\').join('/').endsWith(`/${rel}`)) ?? null;
  }
  return null;
}

/** What an override returned and React cannot render: the override's mistake, though React would throw it later, outside the override. */
export class OverrideOutputError extends Error {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message);
    this.name = 'OverrideOutputError';
  }
}

const ELEMENT = Symbol.for('react.transitional.element');
/** Deeper than this, what an override returned is not looked at (React still is). */
const MAX_CHECKED_DEPTH = 256;

/**
 * An override function component whose result is looked at before React renders it, so
 * that a node React rejects ("Objects are not valid as a React child") is reported at the
 * override's file instead of as bankdocs' own failure. Class components, memo() and
 * forwardRef() are left as they are.
 */
function checkedOutput(component: unknown, name: string, file: string): unknown {
  if (typeof component !== 'function' || (component as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) return component;
  const render = component as (props: unknown, second: unknown) => unknown;
  const checked = function (this: unknown, props: unknown, second: unknown) {
    const output = render.call(this, props, second);
    const problem = invalidNode(output, 0);
    if (problem) throw new OverrideOutputError(`${name} returned ${problem}, which React cannot render`, file);
    return output;
  };
  Object.defineProperty(checked, 'name', { value: render.name || name });
  return checked;
}

/** What in `node` React would refuse to render, said for the writer; null when nothing. */
export function invalidNode(node: unknown, depth: number, host = true): string | null {
  if (node === null || node === undefined || typeof node !== 'object' || depth > MAX_CHECKED_DEPTH) return null;
  if (Array.isArray(node)) {
    for (const child of node) {
      const problem = invalidNode(child, depth + 1, host);
      if (problem) return problem;
    }
    return null;
  }
  const element = node as { $$typeof?: unknown; type?: unknown; props?: Record<string, unknown> | null };
  if (element.$$typeof === ELEMENT) {
    const props = element.props ?? {};
    if (typeof element.type === 'string') {
      const style = props.style;
      if (style !== undefined && style !== null && typeof style !== 'object') return `<${element.type} style=${JSON.stringify(style)}> (style takes an object, such as style={{ color: 'red' }})`;
      const inner = props.dangerouslySetInnerHTML as { __html?: unknown } | null | undefined;
      if (inner !== undefined && inner !== null && (typeof inner !== 'object' || !('__html' in inner))) return `<${element.type}> with a dangerouslySetInnerHTML that is not {{ __html: … }}`;
    }
    return invalidNode(props.children, depth + 1, typeof element.type === 'string');
  }
  if (element.$$typeof !== undefined || typeof (node as { then?: unknown }).then === 'function' || typeof (node as Iterable<unknown>)[Symbol.iterator] === 'function') return null;
  // A component may take any value as its children (a render function, a settings object); a host element may not.
  if (!host) return null;
  const keys = Object.keys(node);
  return keys.length ? `an object (with the keys ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''})` : 'an empty object';
}

/** The component an override file exports: its default export, or an export named after the component. */
export function componentOf(exports: Record<string, unknown> | undefined, name: string): unknown {
  if (!exports) return undefined;
  const candidate = exports.default ?? exports[name];
  // A default export of a module compiled from ESM may arrive wrapped once more.
  const inner = candidate && typeof candidate === 'object' && 'default' in candidate ? (candidate as { default: unknown }).default : candidate;
  return isComponent(inner) ? inner : isComponent(candidate) ? candidate : undefined;
}

/** A function component, or what memo() and forwardRef() return. */
export function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

export interface SiteTheme {
  theme: Theme;
  strings: StringsOf;
}

/** The built-in theme with the site's overrides and strings. The overrides were checked when the config was read. */
export function loadSiteTheme(config: Pick<Config, 'theme'>, overrides?: ThemeOverrides | null): SiteTheme {
  const base = builtin.builtinTheme;
  let components: ThemeComponents = base.components;
  if (overrides) {
    let exports: Record<string, Record<string, unknown>>;
    try {
      exports = evaluateOverrides(overrides);
    } catch (error) {
      throw new Error(`Internal error: the theme overrides loaded when the config was read, but not in this thread`, { cause: error });
    }
    const replaced: Partial<Record<ComponentName, unknown>> = {};
    for (const name of Object.keys(overrides.components) as ComponentName[]) {
      const component = componentOf(exports[name], name);
      if (!component) throw new Error(`Internal error: the theme override of ${name} no longer exports a component`);
      replaced[name] = checkedOutput(component, name, overrides.components[name]!);
    }
    components = { ...base.components, ...replaced } as ThemeComponents;
  }
  return { theme: { ...base, components }, strings: siteStrings(base, config.theme.strings) };
}
