// import() of what bankdocs loads only when needed (esbuild, curlconverter, Prism, a site's
// plugins). A command's bundle runs from V8's code cache (src/code-cache.ts), where Node 20
// cannot resolve a dynamic import() of the bundle's own; it imports through the function
// the loader puts here instead, which is an import() of a module Node loaded itself.
export const IMPORT_HOOK = Symbol.for('bankdocs.import');

export function importModule<T = Record<string, unknown>>(specifier: string): Promise<T> {
  const hook = (globalThis as Record<symbol, ((specifier: string) => Promise<unknown>) | undefined>)[IMPORT_HOOK];
  return (hook ? hook(specifier) : import(specifier)) as Promise<T>;
}
