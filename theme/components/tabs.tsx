// Tab views (`::::tabs` / `:::tab{title="…"}`, src/markdown/remark-tabs.ts): the WAI-ARIA
// tabs pattern. Without JavaScript every pane shows in turn under its title (CSS hides
// inactive panes only under `.js`; theme/client/tabs.ts switches them). A tab in an
// example language carries it (data-language), and its view lists them (data-languages):
// the stylesheet opens the reader's stored one from the first paint.
import type { TabPanelProps, TabsProps } from '../../src/theme-api.js';

export function Tabs({ id, titles, languages, children }: TabsProps) {
  const named = languages?.filter((l): l is string => l !== null) ?? [];
  return (
    <div className="tabs" {...(named.length ? { 'data-languages': named.join(' ') } : {})}>
      <div role="tablist">
        {titles.map((title, i) => (
          <button key={i} type="button" role="tab" id={`${id}-tab-${i}`} aria-controls={`${id}-panel-${i}`} aria-selected={i === 0 ? 'true' : 'false'} tabIndex={i === 0 ? 0 : -1} data-language={languages?.[i] ?? undefined}>
            {title}
          </button>
        ))}
      </div>
      {children}
    </div>
  );
}

export function TabPanel({ tabsId, index, title, empty, language, children }: TabPanelProps) {
  return (
    <div role="tabpanel" id={`${tabsId}-panel-${index}`} aria-labelledby={`${tabsId}-tab-${index}`} tabIndex={0} className={empty ? 'tab-panel tab-panel-empty' : 'tab-panel'} data-language={language} {...(index === 0 ? {} : { 'data-inactive': '' })}>
      <p className="tab-title" aria-hidden="true">
        {title}
      </p>
      {children}
    </div>
  );
}
