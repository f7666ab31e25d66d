// The core browser runtime. Pages are complete and readable without it; it only adds
// behaviour. Heavy parts (the zoom modal, …) are separate chunks loaded on demand.
import { setupApiMenu } from './api-menu.js';
import { setupCopyButtons, setupScrollStops } from './code.js';
import { setupCopyPage } from './copy-page.js';
import { isNarrow, readConfig, type RuntimeConfig } from './config.js';
import { setupLocale } from './locale.js';
import { setupHashNavigation } from './scroll.js';
import { setupTabs } from './tabs.js';
import { readConsent } from './consent-state.js';
import { loadPart } from './lazy.js';
import { setupZoom } from './zoom-trigger.js';
import { setupSearch } from './search-trigger.js';
import { setupColorScheme } from './color-scheme.js';
import { setupSidebars } from './sidebar.js';
import { setupToc } from './toc.js';
import { prepareToasts } from './toast.js';

/** The header's height as drawn (it wraps on very narrow screens), for the stylesheet: --header-now. */
function trackHeaderHeight(): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  if (!header || typeof ResizeObserver === 'undefined') return;
  const root = document.documentElement;
  new ResizeObserver(() => root.style.setProperty('--header-now', `${Math.ceil(header.getBoundingClientRect().height)}px`)).observe(header);
}

function setupSiteMenu(config: RuntimeConfig): void {
  trackHeaderHeight();
  const toggle = document.querySelector<HTMLButtonElement>('.menu-toggle');
  const menu = document.getElementById('site-menu');
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('open', open);
  };
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  toggle.addEventListener('click', () => setOpen(!isOpen()));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a') && isNarrow(config)) setOpen(false);
  });
  // The open menu lies over the page: Escape closes it (focus back on its button), and so
  // do a tap beside it and tabbing out of it (what has focus then would be under it).
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen() || event.defaultPrevented) return;
    setOpen(false);
    if (menu.contains(document.activeElement)) toggle.focus();
  });
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node;
    if (isOpen() && !menu.contains(target) && !toggle.contains(target)) setOpen(false);
  });
  menu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (isOpen() && next && !menu.contains(next) && next !== toggle) setOpen(false);
  });
}

/** Consent and the services it allows, and monitoring: lazy parts, after start-up. */
function setupLazyParts(config: RuntimeConfig): void {
  const consent = (opener: HTMLElement | null) =>
    void loadPart(config, 'consent', () => import('./consent.js')).then((part) => part?.startConsent(config, opener));
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element).closest<HTMLElement>('[data-action="cookie-settings"]');
    if (opener) consent(opener);
  });
  const later = (fn: () => void) => (document.readyState === 'complete' ? setTimeout(fn, 0) : window.addEventListener('load', () => setTimeout(fn, 0), { once: true }));
  if (config.services.length) later(() => consent(null));
  else if (!readConsent() && document.getElementById('bankdocs-consent')) later(() => consent(null));
  if (config.monitoring) {
    later(() => void loadPart(config, 'monitoring', () => import('./monitoring.js')).then((part) => part?.startMonitoring(config)));
  }
}

const config = readConfig();
if (config) {
  setupLocale(config);
  setupColorScheme();
  setupSiteMenu(config);
  setupSidebars();
  setupHashNavigation(config);
  setupApiMenu(config);
  setupToc(config);
  prepareToasts(config);
  setupCopyButtons(config);
  setupScrollStops();
  setupCopyPage(config);
  setupTabs(config);
  setupZoom(config);
  setupSearch(config);
  setupLazyParts(config);
}
