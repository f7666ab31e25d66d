// "Copy page as Markdown" (issue #18): fetches the page's .md twin (same origin, which
// the CSP's connect-src allows) and puts it on the clipboard, confirmed by a toast.
import type { RuntimeConfig } from './config.js';
import { showToast } from './toast.js';

export function setupCopyPage(config: RuntimeConfig): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button.copy-page')) {
    button.addEventListener('click', () => void copyPage(config, button));
  }
}

async function copyPage(config: RuntimeConfig, button: HTMLButtonElement): Promise<void> {
  const url = new URL(button.dataset.markdown ?? '', location.href).href;
  const text = fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${response.status}`);
    return response.text();
  });
  text.catch(() => undefined); // awaited below
  try {
    try {
      // Safari lets a click write to the clipboard only if the write starts at once: a
      // ClipboardItem whose content is still on its way.
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
    } catch {
      await navigator.clipboard.writeText(await text);
    }
    showToast(config, button.dataset.done ?? 'Page copied as Markdown');
  } catch {
    showToast(config, (button.dataset.failed ?? 'Could not copy the page. Its Markdown version is at {url}').replace('{url}', url), 'error');
  }
}
