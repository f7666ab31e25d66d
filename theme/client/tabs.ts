// Tab views (WAI-ARIA tabs pattern): click or arrow keys select; Home/End jump.
// Without JavaScript every pane shows, one after another, under its own heading.
export function setupTabs(): void {
  for (const view of document.querySelectorAll<HTMLElement>('.tabs')) {
    const tabs = [...view.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const select = (index: number, focus: boolean) => {
      tabs.forEach((tab, i) => {
        const on = i === index;
        tab.setAttribute('aria-selected', String(on));
        tab.tabIndex = on ? 0 : -1;
        document.getElementById(tab.getAttribute('aria-controls')!)?.toggleAttribute('data-inactive', !on);
      });
      if (focus) tabs[index]?.focus();
    };
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', () => select(i, false));
      tab.addEventListener('keydown', (event) => {
        const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
        if (next === undefined) return;
        event.preventDefault();
        select((next + tabs.length) % tabs.length, true);
      });
    });
  }
}
