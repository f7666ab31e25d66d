// The sidebars of guides, help sections and legal versions fold behind their title on
// narrow screens (CSS shows the toggle there only, under .js, so nothing shifts).
export function setupSidebars(): void {
  for (const toggle of document.querySelectorAll<HTMLButtonElement>('.sidebar-toggle')) {
    const sidebar = toggle.closest('.sidebar');
    if (!sidebar) continue;
    toggle.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      sidebar.classList.toggle('open', open);
    });
  }
}
