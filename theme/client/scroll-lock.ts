// The page behind a modal (the zoom modal, search) does not scroll, under the wheel or a
// finger: the root's overflow is hidden while the modal is open. Where the page's
// scrollbar takes room, the room stays, so that the page does not widen behind the modal
// and narrow again after; its scroll position is kept throughout.

/** Locks the page's scrolling; the function returned unlocks it. */
export function lockScroll(): () => void {
  const style = document.documentElement.style;
  if (innerWidth > document.documentElement.clientWidth) style.scrollbarGutter = 'stable';
  style.overflow = 'hidden';
  return () => {
    style.overflow = style.scrollbarGutter = '';
  };
}
