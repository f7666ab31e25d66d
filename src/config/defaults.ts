// The config file's name when none is given (--config), apart from the config's schema so
// that what needs only the name (commands/fresh.ts) does not load the schema.
export const DEFAULT_CONFIG_FILE = 'docs.config.yaml';
