// Injected by `bankdocs dev` only: live reload over server-sent events, a stylesheet
// swap for CSS-only changes, and an overlay listing the errors until they are fixed.
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

let generation: number | null = null;
const events = new EventSource('/__bankdocs/events');
events.addEventListener('hello', (event) => {
  const data = JSON.parse((event as MessageEvent<string>).data) as { generation: number; problems: Problem[] };
  // After a restart or a missed update, the page may be stale.
  if (generation !== null && data.generation !== generation) reload();
  generation = data.generation;
  showProblems(data.problems);
  document.documentElement.dataset.devConnected = 'true';
});
events.addEventListener('update', (event) => {
  const data = JSON.parse((event as MessageEvent<string>).data) as { generation: number; reload: string[]; cssOnly: boolean; problems: Problem[] };
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
  if (data.reload.includes('*') || data.reload.includes(here)) reload();
});

/** Reloads; the runtime restores the position saved in the history entry (a reload restores). */
function reload(): void {
  history.replaceState({ ...(history.state as object | null), scrollY: window.scrollY }, '');
  location.reload();
}
