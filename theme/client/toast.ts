// Toasts: stacked in one corner, announced to screen readers, hidden after a delay.
import type { RuntimeConfig } from './config.js';

let region: HTMLElement | null = null;

/**
 * The live region, empty: made at start-up, since screen readers often miss a region that
 * appears together with its first message.
 */
export function prepareToasts(config: RuntimeConfig): HTMLElement {
  if (!region) {
    region = document.createElement('div');
    region.className = `toasts toasts-${config.runtime.toast.position}`;
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  return region;
}

export function showToast(config: RuntimeConfig, message: string, kind: 'info' | 'error' = 'info'): void {
  const fresh = !region;
  const into = prepareToasts(config);
  const toast = document.createElement('div');
  toast.className = `toast toast-${kind}`;
  toast.textContent = message;
  const add = () => {
    into.append(toast);
    window.setTimeout(() => toast.remove(), config.runtime.toast.autoHideMs);
  };
  if (fresh) window.setTimeout(add, 50);
  else add();
}
