// The core browser runtime. Pages are complete without it; it only adds behaviour.
import { LANGUAGE_STORAGE_KEY, LOCALE_STORAGE_KEY } from '../../src/routes/resolve.js';
import { readStored, writeStored } from './storage.js';

interface RuntimeConfig {
  locales: { available: string[]; default: string };
  runtime: { breakpoint: number };
}

function readConfig(): RuntimeConfig | null {
  const el = document.getElementById('bankdocs-runtime');
  try {
    return el?.textContent ? (JSON.parse(el.textContent) as RuntimeConfig) : null;
  } catch {
    return null;
  }
}

function setupMenuToggle(config: RuntimeConfig): void {
  const toggle = document.querySelector<HTMLButtonElement>('.menu-toggle');
  const menu = document.getElementById('site-menu');
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('open', open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a') && window.innerWidth < config.runtime.breakpoint) setOpen(false);
  });
}

/**
 * Spec §2 rules 3–5: a translated page stores its locale, an API page its language;
 * a page that is not translated shows the interface in the stored locale.
 */
function applyLocale(config: RuntimeConfig): void {
  const root = document.documentElement;
  if (root.dataset.translated === 'true') {
    writeStored(LOCALE_STORAGE_KEY, root.lang);
  } else {
    const stored = readStored(LOCALE_STORAGE_KEY);
    if (stored && stored !== root.lang && config.locales.available.includes(stored)) {
      root.lang = stored;
      for (const el of document.querySelectorAll<HTMLElement>('[data-l10n]')) {
        const entry = (JSON.parse(el.dataset.l10n!) as Record<string, [string, string | null]>)[stored];
        if (!entry) continue;
        el.textContent = entry[0];
        if (entry[1] && el instanceof HTMLAnchorElement) el.href = entry[1];
      }
    }
  }
  const language = document.querySelector<HTMLElement>('[data-api-language]')?.dataset.apiLanguage;
  if (language) writeStored(LANGUAGE_STORAGE_KEY, language);
}

document.documentElement.classList.add('js');
const config = readConfig();
if (config) {
  applyLocale(config);
  setupMenuToggle(config);
}
