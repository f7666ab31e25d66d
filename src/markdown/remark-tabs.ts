// Tab views: `::::tabs` holding `:::tab{title="…"}` containers (an empty tab shows
// `empty="…"` or a default empty-state text). The plugin emits named elements,
// `bankdocs-tabs` and `bankdocs-tab` with their data (src/theme/named-elements.ts), which
// the theme's Tabs and TabPanel components draw (the built-in ones: the WAI-ARIA tabs
// pattern, every pane in turn under its title without JavaScript).
import type { BlockContent, DefinitionContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { contextOf } from './context.js';
import { hasDirectives } from './engines.js';
import { TAB_PANEL, TABS } from '../theme/named-elements.js';

type Child = BlockContent | DefinitionContent;

function element(tagName: string, properties: Record<string, unknown>, children: Child[] = []): Child {
  return { type: 'paragraph', data: { hName: tagName, hProperties: properties as never }, children: children as never };
}

export default function remarkTabs(options: { emptyText: (locale: string | null) => string }) {
  return (tree: Root, file: VFile) => {
    if (!hasDirectives(tree)) return; // no directive: skip the walk (most pages)
    const ctx = contextOf(file);
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      // A view's tabs became its panes before the walk reaches them: a tab seen here is in no view.
      if (node.name === 'tab') {
        ctx.diagnostics.push({
          ruleId: 'tabs-invalid',
          severity: 'error',
          message: 'a tab belongs inside a ::::tabs view: outside one, its content is shown as ordinary text and its title is lost',
          hint: 'put it in a view, a "::::tabs" line before it and a "::::" line after it (more colons than the tab has), or remove its ":::" lines to show its content as it is',
          file: ctx.file,
          line: node.position?.start.line ?? 1,
          column: node.position?.start.column ?? 1,
        });
        return;
      }
      if (node.name !== 'tabs') return;
      const holder = { kind: 'tabs', at: { source: ctx.source, line: node.position?.start.line } } as const;
      const base = ctx.slugger.take('tabs', holder);
      const tabs = node.children.filter((c): c is ContainerDirective => c.type === 'containerDirective' && c.name === 'tab');
      // The ids of its buttons and panes (theme/components/tabs.tsx) are the view's too: a
      // heading "Tabs tab 0" must not repeat one.
      for (let i = 0; i < tabs.length; i++) {
        ctx.slugger.take(`${base}-tab-${i}`, holder);
        ctx.slugger.take(`${base}-panel-${i}`, holder);
      }
      const stray = node.children.find((c) => !(c.type === 'containerDirective' && c.name === 'tab') && !(c.type === 'paragraph' && c.data?.directiveLabel));
      if (stray || tabs.length === 0) {
        ctx.diagnostics.push({
          ruleId: 'tabs-invalid',
          severity: 'error',
          message: tabs.length === 0 ? 'a tabs view needs at least one :::tab{title="…"} inside' : 'a tabs view may only hold :::tab{title="…"} containers',
          hint: 'put every block of the view inside a ":::tab{title=\"…\"}" … ":::" container',
          file: ctx.file,
          line: (stray ?? node).position?.start.line ?? 1,
          column: (stray ?? node).position?.start.column ?? 1,
        });
      }
      const titles = tabs.map((tab, i) => tab.attributes?.title ?? `Tab ${i + 1}`);
      // A tab titled as an example language (api.languages, named as the API reference's
      // picker names them; any case): the reader's stored choice opens it (theme/client/tabs.ts).
      const languages = titles.map((title) => ctx.apiLanguages.find((language) => language === title.trim().toLowerCase()) ?? null);
      const language = (i: number) => (languages[i] ? { language: languages[i] } : {});
      const panels = tabs.map((tab, i) => {
        const content = tab.children.filter((c) => !(c.type === 'paragraph' && c.data?.directiveLabel)) as Child[];
        const emptyText = tab.attributes?.empty ?? options.emptyText(ctx.locale);
        const body = content.length ? content : [element('p', { className: ['empty-state'] }, [{ type: 'text', value: emptyText } as never])];
        // The title is searched as the pane's first words (rehype-search-text.ts: dataSearch).
        return element(TAB_PANEL, { dataProps: JSON.stringify({ tabsId: base, index: i, title: titles[i]!, empty: !content.length, ...language(i) }), dataSearch: titles[i]! }, body);
      });
      const view = element(TABS, { dataProps: JSON.stringify({ id: base, titles, ...(languages.some(Boolean) ? { languages } : {}) }) }, panels);
      Object.assign(node, view, { name: undefined, attributes: undefined });
    });
  };
}
