// "bankdocs/plugin": what a plugin module imports. definePlugin and the types of a
// plugin, its directives (with attribute schemas), checks and strings.
export { definePlugin } from './define.js';
export type {
  AttributeSchema,
  BankdocsPlugin,
  DirectiveContext,
  DirectiveDefinition,
  DirectiveNode,
  DirectiveTransform,
  PluginCheck,
  PluginExport,
  PluginPage,
  PluginProblem,
  PluginSite,
} from './types.js';
