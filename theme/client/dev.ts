// Injected by `bankdocs dev` only: live updates over server-sent events (the changed
// content patched into the open page, or a reload when more changed), a stylesheet swap
// for CSS-only changes, and an overlay listing the errors until they are fixed.
import { NeedsReload, patchPage } from './dev-patch.js';
import { linkStoredLanguage } from './api-links.js';
import { readConfig } from './config.js';
interface Problem {
  file: string;
  line: number;
  column: number;
  message: string;
  ruleId: string;
  hint?: string;
}

const here = location.pathname.replace(/\/+$/, '') || '/';

let overlay: HTMLElement | null = null;
function showProblems(problems: Problem[]): void {
  overlay?.remove();
  overlay = null;
  if (!problems.length) return;
  overlay = document.createElement('div');
  overlay.id = 'bankdocs-dev-overlay';
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build errors');
  overlay.style.cssText = 'position:fixed;inset:auto 16px 16px 16px;max-height:60vh;overflow:auto;z-index:10000;background:#1b1010;color:#ffe9e9;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:16px 20px;border-radius:10px;box-shadow:0 10px 40px rgba(0,0,0,.4);border:2px solid #e5484d';
  const title = document.createElement('strong');
  title.textContent = `bankdocs dev: ${problems.length} error${problems.length === 1 ? '' : 's'}; the last good version of the page is shown.`;
  overlay.append(title);
  for (const p of problems) {
    const row = document.createElement('pre');
    row.style.cssText = 'margin:10px 0 0;white-space:pre-wrap';
    row.textContent = `${p.file}:${p.line}:${p.column}  ${p.message}  [${p.ruleId}]${p.hint ? `\n  hint: ${p.hint}` : ''}`;
    overlay.append(row);
  }
  document.body.append(overlay);
}

/** The version of this page the server sent, and that page as sent (the runtime changes the live one). */
const loadedGeneration = Number((document.currentScript as HTMLScriptElement | null)?.dataset.generation ?? NaN);
let sent: Promise<Document | null> | null = null;

async function fetchPage(): Promise<{ doc: Document; generation: number } | null> {
  const response = await fetch(location.pathname + location.search, { cache: 'no-store' });
  if (!response.ok) return null;
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  return { doc, generation: Number(response.headers.get('x-bankdocs-generation')) };
}

/** The page as first sent, fetched again while nothing changed; null if it changed meanwhile. */
function pageAsSent(): Promise<Document | null> {
  sent ??= fetchPage().then((page) => (page && page.generation === loadedGeneration ? page.doc : null), () => null);
  return sent;
}

let updating: Promise<void> = Promise.resolve();

/** Shows the new version of this page: patched in place when only its content changed, else reloaded. */
function update(): void {
  updating = updating.then(async () => {
    try {
      const before = await pageAsSent();
      const after = await fetchPage();
      if (!before || !after) return reload();
      patchPage(before, after.doc);
      // The new content's links into the API reference, as the page's own were when it loaded.
      const languages = readConfig()?.languages.available;
      if (languages) linkStoredLanguage(document.body, languages);
      // The layout changed as at a resize: what the runtime measures then (which code
      // blocks and tables scroll, and so are Tab stops), it measures again.
      window.dispatchEvent(new Event('resize'));
      sent = Promise.resolve(after.doc);
      document.documentElement.dataset.devPatched = String(after.generation);
    } catch (error) {
      // Said in the console, for whoever wonders why this edit reloaded the page.
      if (error instanceof NeedsReload) console.info(`bankdocs dev: reloading, ${error.message}`);
      else console.error(error);
      reload();
    }
  });
}

let generation: number | null = null;

function hello(text: string): void {
  const data = JSON.parse(text) as { generation: number; problems: Problem[] };
  // After a restart or a missed update, the page may be stale; so is a page sent before
  // an update the server finished before the page connected (it heard of no update).
  const known = generation ?? (Number.isFinite(loadedGeneration) ? loadedGeneration : null);
  if (known !== null && data.generation !== known) {
    // Not connected: the page being replaced says nothing more (the new one says hello itself).
    reload();
    return;
  }
  generation = data.generation;
  showProblems(data.problems);
  document.documentElement.dataset.devConnected = 'true';
  if (data.generation === loadedGeneration) void pageAsSent();
}

function updated(text: string): void {
  const data = JSON.parse(text) as { generation: number; reload: string[]; cssOnly: boolean; problems: Problem[] };
  generation = data.generation;
  showProblems(data.problems);
  if (data.cssOnly) {
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      const url = new URL(link.href);
      url.searchParams.set('v', String(data.generation));
      const next = link.cloneNode() as HTMLLinkElement;
      next.href = url.href;
      next.addEventListener('load', () => link.remove(), { once: true });
      link.after(next);
    }
    return;
  }
  if (data.reload.includes('*')) reload();
  else if (data.reload.includes(here)) update();
}

/**
 * One connection for all the site's tabs. A browser opens at most six connections to one
 * host over HTTP/1.1, and each event stream holds one for good: a seventh tab would never
 * load. The tab that holds the lock (Web Locks, released when it closes) listens and
 * passes each event on to the others (BroadcastChannel); a tab that joins asks for the
 * state, which the listening tab answers with a hello. Without those APIs (a page served
 * to another host over plain HTTP, not a secure context), each tab listens on its own.
 */
type Relayed = { kind: 'hello' | 'update'; text: string } | { kind: 'ask' };
const receive = (message: Relayed) => (message.kind === 'hello' ? hello(message.text) : message.kind === 'update' ? updated(message.text) : undefined);

function listen(pass: (message: Relayed) => void): void {
  const events = new EventSource('/__bankdocs/events');
  for (const kind of ['hello', 'update'] as const) {
    events.addEventListener(kind, (event) => {
      const message = { kind, text: (event as MessageEvent<string>).data };
      pass(message);
      receive(message);
    });
  }
}

if (typeof BroadcastChannel === 'function' && navigator.locks) {
  const channel = new BroadcastChannel('bankdocs-dev');
  /** The state the listening tab last heard, as a hello: what a tab that joins is told. */
  let latest: string | null = null;
  let listening = false;
  channel.onmessage = (event: MessageEvent<Relayed>) => {
    if (event.data.kind !== 'ask') receive(event.data);
    else if (listening && latest !== null) channel.postMessage({ kind: 'hello', text: latest } satisfies Relayed);
  };
  void navigator.locks.request('bankdocs-dev-events', () => {
    listening = true;
    listen((message) => {
      if (message.kind === 'ask') return;
      const data = JSON.parse(message.text) as { generation: number; problems: Problem[] };
      latest = JSON.stringify({ generation: data.generation, problems: data.problems });
      channel.postMessage(message);
    });
    // Held while this tab is open.
    return new Promise<never>(() => {});
  });
  channel.postMessage({ kind: 'ask' } satisfies Relayed);
} else {
  listen(() => {});
}

/** Reloads; the runtime restores the position saved in the history entry (a reload restores). */
function reload(): void {
  history.replaceState({ ...(history.state as object | null), scrollY: window.scrollY }, '');
  location.reload();
}
