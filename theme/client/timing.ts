// Throttle (leading and trailing call) and debounce, for scroll and resize handlers.
export function throttle(fn: () => void, ms: number): () => void {
  let last = 0;
  let timer: number | undefined;
  return () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      last = Date.now();
      fn();
    } else if (timer === undefined) {
      timer = window.setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, wait);
    }
  };
}

export function debounce(fn: () => void, ms: number): () => void {
  let timer: number | undefined;
  return () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(fn, ms);
  };
}
