// "bankdocs": the programmatic API. Build, check and read the config from your own
// scripts; every problem comes back as a Diagnostic (file, line, column, rule id).
export { buildSite, compileSite } from './build/build.js';
export type { BuildOptions, BuildResult, CompileOptions, CompileResult } from './build/build.js';
export { runCheck } from './check/run-check.js';
export type { CheckOptions, CheckResult } from './check/run-check.js';
export { parseConfig, resolveConfig, DEFAULT_CONFIG_FILE } from './config/load-config.js';
export type { ConfigResult, ResolvedConfig } from './config/load-config.js';
export type { Config, ConfigInput } from './config/schema.js';
export type { CollectionDeclaration, CollectionInput, LayoutName } from './config/collections-schema.js';
export { DEFAULT_COLLECTIONS } from './config/default-collections.js';
export { initSite } from './commands/init.js';
export type { InitResult } from './commands/init.js';
export { formatDiagnostic } from './diagnostics.js';
export type { Diagnostic, Severity } from './diagnostics.js';
export { definePlugin } from './plugin/define.js';
export type { BankdocsPlugin } from './plugin/types.js';
