// Zoomable images: a modal only on screens wider than the breakpoint (the spec: above
// 992 px; at exactly 992 px the wide layout shows, not the modal); on the others a
// described image opens on its own in a new tab, where the browser's pinch zoom makes a
// diagram's small text readable (issue #19). Re-evaluated on resize (debounced). The
// modal itself is a lazy part, loaded on the first click.
import type { RuntimeConfig } from './config.js';
import { loadPart } from './lazy.js';
import { debounce } from './timing.js';

type Mode = 'zoom' | 'open' | null;

export function setupZoom(config: RuntimeConfig): void {
  const images = [...document.querySelectorAll<HTMLImageElement>('img[data-zoomable]')];
  if (!images.length) return;
  const modes = new Map<HTMLImageElement, Mode>();
  const update = () => {
    const narrow = window.innerWidth <= config.runtime.breakpoint;
    for (const img of images) {
      // An image inside a link is that link, and one without alternative text is not
      // announced (a button or link without a name): neither is offered, at any width.
      const mode: Mode = !img.alt.trim() || img.closest('a') ? null : narrow ? 'open' : 'zoom';
      modes.set(img, mode);
      img.classList.toggle('zoom-enabled', mode === 'zoom');
      if (mode) {
        img.setAttribute('role', mode === 'zoom' ? 'button' : 'link');
        img.tabIndex = 0;
      } else {
        img.removeAttribute('role');
        img.removeAttribute('tabindex');
      }
    }
  };
  update();
  window.addEventListener('resize', debounce(update, config.runtime.resizeDebounceMs));
  const activate = async (img: HTMLImageElement) => {
    const mode = modes.get(img);
    if (mode === 'open') {
      window.open(img.currentSrc || img.src, '_blank', 'noopener');
      return;
    }
    if (mode !== 'zoom') return;
    const part = await loadPart(config, 'zoom', () => import('./zoom.js'));
    part?.openZoom(img);
  };
  for (const img of images) {
    img.addEventListener('click', () => void activate(img));
    img.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || (event.key === ' ' && modes.get(img) === 'zoom')) {
        event.preventDefault();
        void activate(img);
      }
    });
  }
}
