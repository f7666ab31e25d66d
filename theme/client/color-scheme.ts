// Light or dark (issue #19): the system's scheme until the reader presses the header's
// toggle; the choice is kept in localStorage and applied before first paint by the
// inline head script (BOOT_SCRIPT in theme/components/document.tsx, same key).
import { readStored, writeStored } from './storage.js';

export const COLOR_SCHEME_KEY = 'bankdocs:color-scheme';

export function setupColorScheme(): void {
  const root = document.documentElement;
  const toggle = document.querySelector<HTMLButtonElement>('[data-color-scheme-toggle]');
  if (!toggle) return;
  const system = window.matchMedia('(prefers-color-scheme: dark)');
  const dark = () => (root.dataset.colorScheme ? root.dataset.colorScheme === 'dark' : system.matches);
  const show = () => toggle.setAttribute('aria-pressed', String(dark()));
  const stored = readStored(COLOR_SCHEME_KEY);
  if (stored === 'dark' || stored === 'light') root.dataset.colorScheme = stored;
  show();
  system.addEventListener('change', show);
  toggle.addEventListener('click', () => {
    const next = dark() ? 'light' : 'dark';
    root.dataset.colorScheme = next;
    writeStored(COLOR_SCHEME_KEY, next);
    show();
  });
  // Another tab changed it: follow.
  window.addEventListener('storage', (event) => {
    if (event.key !== COLOR_SCHEME_KEY) return;
    if (event.newValue === 'dark' || event.newValue === 'light') root.dataset.colorScheme = event.newValue;
    else delete root.dataset.colorScheme;
    show();
  });
}
