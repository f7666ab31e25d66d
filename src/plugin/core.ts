// bankdocs' own directives, registered through the plugin API like any site plugin's:
// their names and attribute schemas come from here; their transforms are bankdocs'
// remark stages (remark-tabs.ts, remark-api.ts), which run before the site's plugins.
import type { UiStrings } from '../theme/contract.js';
import { definePlugin } from './define.js';

export const CORE_PLUGIN_NAME = 'bankdocs';

export const corePlugin = definePlugin({
  name: CORE_PLUGIN_NAME,
  directives: {
    tabs: { kind: 'container', description: 'A tab view: one :::tab{title="…"} container per tab inside.' },
    tab: {
      kind: 'container',
      description: 'One tab of a tab view.',
      attributes: {
        title: { description: 'The text of the tab button.' },
        empty: { description: 'Text shown when the tab has no content (default: the theme\'s empty-state text).' },
      },
    },
    operation: {
      description: 'An API operation of the OpenAPI document: its method, path, parameters, request and responses, with the examples inside.',
      attributes: { id: { required: true, description: 'The operationId in the OpenAPI document, e.g. "createPayment".' } },
    },
    schema: {
      description: 'The attributes of a schema of the OpenAPI document\'s components.',
      attributes: { name: { required: true, description: 'A name under components.schemas, e.g. "Payment".' } },
    },
  },
});

/**
 * The admonitions of Docusaurus and Starlight (`:::note` … `:::`, `:::tip[Title]`), shown
 * as GitHub's alerts are (remark-alerts.ts): `kind` is the alert's class, chosen by the
 * colour the page was written for (their caution is yellow, their danger red, GitHub's
 * CAUTION red), `title` the writer's word in the page's language.
 */
export const ADMONITIONS = {
  note: { kind: 'note', title: 'alertNote' },
  info: { kind: 'note', title: 'alertInfo' },
  tip: { kind: 'tip', title: 'alertTip' },
  important: { kind: 'important', title: 'alertImportant' },
  warning: { kind: 'warning', title: 'alertWarning' },
  caution: { kind: 'warning', title: 'alertCaution' },
  danger: { kind: 'caution', title: 'alertDanger' },
} as const satisfies Record<string, { kind: string; title: keyof UiStrings }>;

/**
 * The admonitions as directives, registered after every site plugin (directiveRegistry):
 * a site whose plugin defines its own `note` keeps it.
 */
export const admonitionsPlugin = definePlugin({
  name: CORE_PLUGIN_NAME,
  directives: Object.fromEntries(
    Object.keys(ADMONITIONS).map((name) => [name, { kind: 'container' as const, description: `An admonition, shown as a note: :::${name} or :::${name}[Its title], its text, then :::.` }]),
  ),
});
