// bankdocs' own directives, registered through the plugin API like any site plugin's:
// their names and attribute schemas come from here; their transforms are bankdocs'
// remark stages (remark-tabs.ts, remark-api.ts), which run before the site's plugins.
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
