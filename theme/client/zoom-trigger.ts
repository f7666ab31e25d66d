// Zoomable images: enabled only on screens wider than the breakpoint, re-evaluated on
// resize (debounced). The modal itself is a lazy part, loaded on the first click.
import { isNarrow, type RuntimeConfig } from './config.js';
import { loadPart } from './lazy.js';
import { debounce } from './timing.js';

export function setupZoom(config: RuntimeConfig): void {
  const images = [...document.querySelectorAll<HTMLImageElement>('img[data-zoomable]')];
  if (!images.length) return;
  const update = () => {
    const enabled = !isNarrow(config);
    for (const img of images) {
      if (enabled) {
        img.setAttribute('role', 'button');
        img.tabIndex = 0;
        img.classList.add('zoom-enabled');
      } else {
        img.removeAttribute('role');
        img.removeAttribute('tabindex');
        img.classList.remove('zoom-enabled');
      }
    }
  };
  update();
  window.addEventListener('resize', debounce(update, config.runtime.resizeDebounceMs));

  const open = async (img: HTMLImageElement) => {
    if (!img.classList.contains('zoom-enabled')) return;
    const part = await loadPart(config, 'zoom', () => import('./zoom.js'));
    part?.openZoom(img);
  };
  for (const img of images) {
    img.addEventListener('click', () => void open(img));
    img.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        void open(img);
      }
    });
  }
}
