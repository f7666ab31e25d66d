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

/**
 * Code blocks and wide tables are Tab stops in the page as written, so that a keyboard
 * can scroll them without the runtime; one that does not scroll at this width is taken out
 * of the Tab order (and put back when the window narrows and it does). The boxes are
 * looked for at each resize: bankdocs dev, having put an edit into the page, fires one,
 * and a box it changed or added is measured as one the page loaded with.
 */
export function setupScrollStops(): void {
  const update = () => {
    for (const box of document.querySelectorAll<HTMLElement>('.code-block > pre[tabindex], .table-scroll[tabindex]')) {
      // A box in a hidden tab cannot be measured: it keeps its stop.
      if (box.offsetParent === null) continue;
      box.tabIndex = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1 ? 0 : -1;
    }
  };
  update();
  window.addEventListener('load', update, { once: true });
  let pending = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(update);
  });
}
