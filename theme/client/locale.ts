// Spec §2 rules 3–5 in the page: a translated page stores its locale and an API page its
// language; a page that is not translated shows the interface in the stored locale, and
// links into the API reference lead to the stored language. The
// footer's locale picker stores the choice (and, on such pages, applies it in place).
import { LANGUAGE_STORAGE_KEY, LOCALE_STORAGE_KEY } from '../../src/routes/resolve.js';
import type { RuntimeStrings } from '../../src/theme-api.js';
import type { RuntimeConfig } from './config.js';
import { readStored, writeStored } from './storage.js';
import { linkStoredLanguage } from './api-links.js';

/** The parts of the frame whose words may stay in the page's own language when the interface switches. */
const FRAME_PARTS = '.skip-link, .site-header, .sidebar, .api-menu, .site-footer, .consent';

function applyLabels(locale: string): void {
  const root = document.documentElement;
  // What is not swapped keeps saying its own language to screen readers (the guides'
  // titles, the copyright line); what is swapped says the new one.
  const own = root.dataset.pageLocale ?? root.lang;
  root.dataset.pageLocale = own;
  for (const part of document.querySelectorAll<HTMLElement>(FRAME_PARTS)) if (!part.lang) part.lang = own;
  root.lang = locale;
  for (const el of document.querySelectorAll<HTMLElement>('[data-l10n]')) {
    const entry = (JSON.parse(el.dataset.l10n!) as Record<string, [string, string | null]>)[locale];
    if (!entry) continue;
    if (el instanceof HTMLInputElement) el.placeholder = entry[0];
    else el.textContent = entry[0];
    el.lang = locale;
    if (entry[1] && el instanceof HTMLAnchorElement) el.href = entry[1];
  }
  // Links whose text stays (the brand: a logo and the product's name): their address alone.
  for (const el of document.querySelectorAll<HTMLAnchorElement>('a[data-l10n-href]')) {
    const href = (JSON.parse(el.dataset.l10nHref!) as Record<string, string>)[locale];
    if (href) el.href = href;
  }
  // Names of landmarks and buttons (the breadcrumb trail, the API menu's buttons): the same
  // entries, for aria-label; one that says its language (the interface's) says the new one.
  for (const el of document.querySelectorAll<HTMLElement>('[data-l10n-label]')) {
    const entry = (JSON.parse(el.dataset.l10nLabel!) as Record<string, [string, string | null]>)[locale];
    if (!entry) continue;
    el.setAttribute('aria-label', entry[0]);
    if (el.hasAttribute('lang')) el.lang = locale;
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.locale-picker a')) {
    if (link.dataset.locale === locale) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
}

/**
 * The words the runtime writes itself (copy buttons, toasts, "Copy page as Markdown"), in
 * `locale`: fetched from the site's strings file when the page names one. Until it
 * arrives, or if it does not, they stay in the page's locale.
 */
async function applyRuntimeStrings(config: RuntimeConfig, locale: string): Promise<void> {
  if (!config.strings) return;
  let strings: RuntimeStrings[string] | undefined;
  try {
    const response = await fetch(config.strings);
    strings = response.ok ? ((await response.json()) as RuntimeStrings)[locale] : undefined;
  } catch {
    return;
  }
  if (!strings || document.documentElement.lang !== locale) return;
  const root = document.documentElement.dataset;
  const before = root.copyLabel;
  Object.assign(root, { copyLabel: strings.copy, copiedLabel: strings.copied, copyFailedLabel: strings.copyFailed, closeLabel: strings.close, loadError: strings.loadError, serviceError: strings.serviceError });
  // Each says so in its language, inside the content's (<main lang>) or the frame's.
  for (const button of document.querySelectorAll<HTMLButtonElement>('button.copy-button')) {
    if (button.textContent !== before) continue;
    button.textContent = strings.copy;
    button.lang = locale;
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('button.copy-page')) {
    button.textContent = strings.copyPage;
    button.dataset.done = strings.copyPageDone;
    button.dataset.failed = strings.copyPageFailed;
    button.lang = locale;
  }
  const toggle = document.querySelector<HTMLElement>('.menu-toggle');
  if (toggle) {
    toggle.setAttribute('aria-label', strings.toggleMenu);
    toggle.lang = locale;
  }
  // The consent bar: its template, for a bar opened later, and the bar if it is open.
  const template = document.getElementById('bankdocs-consent') as HTMLTemplateElement | null;
  for (const bar of [template?.content.firstElementChild, document.querySelector('.consent')]) {
    if (!(bar instanceof HTMLElement)) continue;
    for (const el of bar.querySelectorAll<HTMLElement>('[data-string]')) {
      const text = strings[el.dataset.string as keyof typeof strings];
      if (text) el.textContent = text;
    }
    bar.lang = locale;
  }
}

export function setupLocale(config: RuntimeConfig): void {
  const root = document.documentElement;
  const translated = root.dataset.translated === 'true';
  if (translated) {
    writeStored(LOCALE_STORAGE_KEY, root.lang);
  } else {
    const stored = readStored(LOCALE_STORAGE_KEY);
    if (stored && stored !== root.lang && config.locales.available.includes(stored)) {
      applyLabels(stored);
      void applyRuntimeStrings(config, stored);
    }
  }
  const language = document.querySelector<HTMLElement>('[data-api-language]')?.dataset.apiLanguage;
  if (language) writeStored(LANGUAGE_STORAGE_KEY, language);
  else linkStoredLanguage(document, config.languages.available);

  for (const link of document.querySelectorAll<HTMLAnchorElement>('.locale-picker a[data-locale]')) {
    link.addEventListener('click', (event) => {
      const locale = link.dataset.locale!;
      writeStored(LOCALE_STORAGE_KEY, locale);
      if (!translated) {
        event.preventDefault();
        applyLabels(locale);
        void applyRuntimeStrings(config, locale);
      }
    });
  }
}
