// Toasts: stacked in one corner, announced to screen readers, hidden after a delay.
import type { RuntimeConfig } from './config.js';

let region: HTMLElement | null = null;

export function showToast(config: RuntimeConfig, message: string, kind: 'info' | 'error' = 'info'): void {
  if (!region) {
    region = document.createElement('div');
    region.className = `toasts toasts-${config.runtime.toast.position}`;
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  const toast = document.createElement('div');
  toast.className = `toast toast-${kind}`;
  toast.textContent = message;
  region.append(toast);
  window.setTimeout(() => toast.remove(), config.runtime.toast.autoHideMs);
}
