// Whether a remark plugin adds Markdown syntax (micromark extensions), which only the remark
// engine's parser reads: for markdown.remarkPlugins and a bankdocs plugin's own.
import { unified, type Plugin } from 'unified';

/** Whether a processor a plugin was set up on reads new Markdown syntax (micromark extensions). */
export function addsSyntax(probe: ReturnType<typeof unified>): boolean {
  return ((probe.data('micromarkExtensions') as unknown[] | undefined)?.length ?? 0) > 0;
}

/** Whether a remark plugin, with these options, adds Markdown syntax (false if it fails to start: that shows when it runs). */
export function pluginAddsSyntax(plugin: unknown, options: readonly unknown[] = []): boolean {
  if (typeof plugin !== 'function') return false;
  try {
    const probe = unified();
    probe.use(plugin as Plugin<unknown[]>, ...options).freeze();
    return addsSyntax(probe);
  } catch {
    return false;
  }
}
