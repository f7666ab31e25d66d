// Copy buttons on code blocks, in the bar above the code (so the first line stays in
// view), confirmed by a toast.
import type { RuntimeConfig } from './config.js';
import { showToast } from './toast.js';

export function setupCopyButtons(config: RuntimeConfig): void {
  const root = document.documentElement.dataset;
  for (const block of document.querySelectorAll<HTMLElement>('.code-block')) {
    const code = block.querySelector('pre');
    if (!code) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = root.copyLabel ?? 'Copy';
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(code.innerText.replace(/\n$/, ''));
        showToast(config, root.copiedLabel ?? 'Copied to the clipboard');
      } catch {
        showToast(config, root.copyFailedLabel ?? 'Could not copy: select the text and copy it by hand', 'error');
      }
    });
    const bar = block.querySelector('.code-bar');
    if (bar) bar.append(button);
    else block.append(button);
  }
}
