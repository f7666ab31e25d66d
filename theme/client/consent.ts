// Cookie consent (lazy part): the banner on a first visit or from the footer's
// "Cookies settings", the choice kept in localStorage, and the embedded services of
// consented categories injected afterwards. Nothing third-party loads before consent.
import type { RuntimeConfig, ServiceConfig } from './config.js';
import { CONSENT_KEY, isProduction, readConsent, type Consent } from './consent-state.js';
import { showToast } from './toast.js';
import { writeStored } from './storage.js';

const injected = new Set<string>();

/** opener: the "Cookies settings" control that reopened the bar, null on arrival. */
export function startConsent(config: RuntimeConfig, opener: HTMLElement | null): void {
  const consent = readConsent();
  if (consent) injectServices(config, consent);
  if (!consent || opener) openBanner(config, consent, opener);
}

/**
 * The bar (issue #19): first in tab order, so a keyboard reader meets it before the page;
 * the page keeps room below it (--consent-h) and a focused element it would cover is
 * scrolled above it. Escape answers "Reject all" while no choice is stored, and otherwise
 * closes it keeping the choice. Opened by the visitor ("Cookies settings") it takes focus
 * and gives it back to that control; on arrival it does not steal it.
 */
function openBanner(config: RuntimeConfig, current: Consent | null, opener: HTMLElement | null): void {
  if (document.querySelector('.consent')) return;
  const template = document.getElementById('bankdocs-consent') as HTMLTemplateElement | null;
  if (!template) return;
  const banner = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const boxes = [...banner.querySelectorAll<HTMLInputElement>('input[name]')];
  for (const box of boxes) box.checked = Boolean(current?.[box.name as 'functional' | 'analytics']);
  const choices = banner.querySelector<HTMLElement>('.consent-choices')!;
  const save = banner.querySelector<HTMLButtonElement>('[data-consent="save"]')!;
  const choose = banner.querySelector<HTMLButtonElement>('[data-consent="choose"]')!;
  // A click does not focus a button in every browser (Safari): the opener is where focus goes back.
  const previousFocus = opener ?? (document.activeElement as HTMLElement | null);
  const root = document.documentElement;
  const room = () => root.style.setProperty('--consent-h', `${Math.ceil(banner.getBoundingClientRect().height)}px`);
  const resize = new ResizeObserver(room);
  const uncover = (event: FocusEvent) => {
    const target = event.target as Element;
    if (banner.contains(target) || !(target instanceof HTMLElement)) return;
    const below = target.getBoundingClientRect().bottom - banner.getBoundingClientRect().top;
    if (below > 0) window.scrollBy({ top: below + 12, behavior: 'instant' });
  };
  const escape = (event: KeyboardEvent) => {
    // Another layer (search, zoom, the API drawer) closes first.
    if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
    event.preventDefault();
    // Reopened to look, the reader's earlier choice stays; dismissed unanswered, nothing is consented.
    if (readConsent()) close();
    else decide({ functional: false, analytics: false, at: Date.now() });
  };
  const close = () => {
    resize.disconnect();
    document.removeEventListener('focusin', uncover);
    document.removeEventListener('keydown', escape);
    // Focus in the bar, or nowhere (a click beside it) when the reader opened it, goes back.
    const active = document.activeElement;
    const giveBack = banner.contains(active) || (opener && (!active || active === document.body));
    banner.remove();
    root.style.removeProperty('--consent-h');
    if (giveBack) (previousFocus && previousFocus !== document.body && previousFocus.isConnected ? previousFocus : document.querySelector<HTMLElement>('.skip-link'))?.focus();
  };
  const decide = (consent: Consent) => {
    const before = readConsent();
    writeStored(CONSENT_KEY, JSON.stringify(consent));
    close();
    // A service already running cannot be unloaded: withdrawing consent reloads the page.
    const withdrawn = before && ((before.functional && !consent.functional) || (before.analytics && !consent.analytics));
    if (withdrawn && injected.size) location.reload();
    else injectServices(config, consent);
  };
  banner.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (action === 'accept') decide({ functional: true, analytics: true, at: Date.now() });
    else if (action === 'reject') decide({ functional: false, analytics: false, at: Date.now() });
    else if (action === 'choose') {
      choices.hidden = false;
      save.hidden = false;
      choose.setAttribute('aria-expanded', 'true');
      boxes[0]?.focus();
    } else if (action === 'save') {
      const value = (name: string) => boxes.some((b) => b.name === name && b.checked);
      decide({ functional: value('functional'), analytics: value('analytics'), at: Date.now() });
    }
  });
  document.body.prepend(banner);
  room();
  resize.observe(banner);
  document.addEventListener('focusin', uncover);
  document.addEventListener('keydown', escape);
  if (opener) banner.querySelector<HTMLButtonElement>('button')?.focus();
}

function injectServices(config: RuntimeConfig, consent: Consent): void {
  const production = isProduction(config);
  for (const service of config.services) {
    const id = production ? service.ids.production : service.ids.other;
    if (!id || !consent[service.category] || injected.has(service.name)) continue;
    injected.add(service.name);
    inject(config, service, id);
  }
}

/** The script element of a service, not yet in the page. */
export function serviceScript(service: ServiceConfig, id: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.async = true;
  if (service.integrity) {
    // The browser runs the script only if it matches the hash; checking a script from
    // another origin needs a CORS request, made without cookies.
    script.integrity = service.integrity;
    script.crossOrigin = 'anonymous';
  }
  script.src = service.script.replace('{id}', () => encodeURIComponent(id));
  script.dataset.service = service.name;
  return script;
}

function inject(config: RuntimeConfig, service: ServiceConfig, id: string): void {
  const script = serviceScript(service, id);
  script.addEventListener('error', () => {
    // A script that fails to load is a lazy part that failed: the same event, a toast.
    const event = new CustomEvent('preload-error', { cancelable: true, detail: { part: service.name, error: new Error(`${script.src} did not load`) } });
    window.dispatchEvent(event);
    showToast(config, document.documentElement.dataset.serviceError ?? `${service.name} is unavailable right now.`, 'error');
  });
  document.body.append(script);
}
