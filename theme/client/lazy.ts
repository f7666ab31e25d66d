// Lazy parts of the runtime (zoom, later search, monitoring, widgets) load on demand.
// A failed load fires a cancelable "preload-error" event on window (spec §7) and is
// rethrown unless a listener called preventDefault(); the visitor sees a toast either way.
import type { RuntimeConfig } from './config.js';
import { showToast } from './toast.js';

export interface PreloadErrorDetail {
  part: string;
  error: unknown;
}

export async function loadPart<T>(config: RuntimeConfig, part: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    const event = new CustomEvent<PreloadErrorDetail>('preload-error', { cancelable: true, detail: { part, error } });
    window.dispatchEvent(event);
    showToast(config, document.documentElement.dataset.loadError ?? 'Part of this page could not be loaded. Check your connection and try again.', 'error');
    if (!event.defaultPrevented) throw error;
    return null;
  }
}
