// The zoom modal (lazy part): a large view of an image in a modal dialog. Escape, a
// click outside the image and the close button close it; focus stays inside while it is
// open and returns to the image afterwards.
export function openZoom(img: HTMLImageElement): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'zoom-modal';
  dialog.setAttribute('aria-label', img.alt || 'Image');
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'zoom-close';
  close.setAttribute('aria-label', document.documentElement.dataset.closeLabel ?? 'Close');
  close.textContent = '×';
  const large = document.createElement('img');
  large.src = img.currentSrc || img.src;
  large.alt = img.alt;
  dialog.append(close, large);
  document.body.append(dialog);

  const finish = () => {
    dialog.close();
    dialog.remove();
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
