// Tab views (`::::tabs` / `:::tab{title="…"}`, src/markdown/remark-tabs.ts): the WAI-ARIA
// tabs pattern. Without JavaScript every pane shows in turn under its title (CSS hides
// inactive panes only under `.js`; theme/client/tabs.ts switches them).
import type { TabPanelProps, TabsProps } from '../../src/theme-api.js';

export function Tabs({ id, titles, children }: TabsProps) {
  return (
    <div className="tabs">
      <div role="tablist">
        {titles.map((title, i) => (
          <button key={i} type="button" role="tab" id={`${id}-tab-${i}`} aria-controls={`${id}-panel-${i}`} aria-selected={i === 0 ? 'true' : 'false'} tabIndex={i === 0 ? 0 : -1}>
            {title}
          </button>
        ))}
      </div>
      {children}
    </div>
  );
}

export function TabPanel({ tabsId, index, title, empty, children }: TabPanelProps) {
  return (
    <div role="tabpanel" id={`${tabsId}-panel-${index}`} aria-labelledby={`${tabsId}-tab-${index}`} tabIndex={0} className={empty ? 'tab-panel tab-panel-empty' : 'tab-panel'} {...(index === 0 ? {} : { 'data-inactive': '' })}>
      <p className="tab-title" aria-hidden="true">
        {title}
      </p>
      {children}
    </div>
  );
}
