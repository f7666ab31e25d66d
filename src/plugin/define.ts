// definePlugin: the identity, typed, so a plugin written in plain JavaScript gets its
// editor help from "bankdocs/plugin". The config loader checks the shape (validate.ts).
import type { BankdocsPlugin } from './types.js';

export function definePlugin(plugin: BankdocsPlugin): BankdocsPlugin;
export function definePlugin<Options>(plugin: (options: Options) => BankdocsPlugin): (options: Options) => BankdocsPlugin;
export function definePlugin(plugin: BankdocsPlugin | ((options: unknown) => BankdocsPlugin)): unknown {
  return plugin;
}
