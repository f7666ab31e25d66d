// The core browser runtime. Pages are complete without it; it only adds behaviour.
// Issue #4 grows this into scroll-spy, hash scrolling, zoom, tabs and toasts.
interface RuntimeConfig {
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
  document.documentElement.classList.add('js');
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('open', open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a') && window.innerWidth < config.runtime.breakpoint) setOpen(false);
  });
}

const config = readConfig();
if (config) setupMenuToggle(config);
