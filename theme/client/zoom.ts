// The zoom modal (lazy part): a large view of an image in a modal dialog. Escape, a
// click outside the image and the close button close it; focus stays inside while it is
// open and returns to the image afterwards, and the page behind does not scroll.
//
// The image fills the viewport, less a margin and the close button's row, keeping its
// aspect ratio (site.css, .zoom-modal img, from --zoom-ratio). A vector image (SVG) may
// grow past its natural size, which is what makes a diagram's small labels readable; a
// raster one stops at its natural pixel size (--zoom-max), beyond which it would only
// blur.
import { lockScroll } from './scroll-lock.js';

const VECTOR = /^data:image\/svg|\.svgz?(?:[?#]|$)/i;

export function openZoom(img: HTMLImageElement): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'zoom-modal';
  dialog.setAttribute('aria-label', img.alt || 'Image');
  // Named by the image's description, in the content's language (an English guide's under
  // a Dutch interface); its close button speaks the interface's.
  const contentLang = img.closest<HTMLElement>('[lang]')?.lang;
  if (contentLang) dialog.lang = contentLang;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'zoom-close';
  close.setAttribute('aria-label', document.documentElement.dataset.closeLabel ?? 'Close');
  close.lang = document.documentElement.lang;
  close.textContent = '×';
  const large = document.createElement('img');
  const src = img.currentSrc || img.src;
  // The image on the page has its natural size already; the large one, if it had not.
  const fit = (from: HTMLImageElement) => {
    if (!from.naturalWidth || !from.naturalHeight) return;
    large.style.setProperty('--zoom-ratio', String(from.naturalWidth / from.naturalHeight));
    if (!VECTOR.test(src)) large.style.setProperty('--zoom-max', `${from.naturalWidth}px`);
  };
  fit(img);
  large.addEventListener('load', () => fit(large));
  large.src = src;
  large.alt = img.alt;
  dialog.append(close, large);
  document.body.append(dialog);
  const unlock = lockScroll();

  const finish = () => {
    dialog.close();
    dialog.remove();
    unlock();
    img.focus();
  };
  close.addEventListener('click', finish);
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    finish();
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) finish();
  });
  // showModal() makes the rest of the page inert: focus cannot leave the dialog.
  dialog.showModal();
  close.focus();
}
