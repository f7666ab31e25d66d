// The page's runtime settings, embedded by the build as JSON (docs.config.yaml "runtime").
export interface ServiceConfig {
  name: string;
  category: 'functional' | 'analytics';
  script: string;
  /** Subresource Integrity hashes (services[].integrity). */
  integrity?: string;
  ids: { production: string | null; other: string | null };
}

export interface RuntimeConfig {
  locales: { available: string[]; default: string };
  /** The API reference's example languages. */
  languages: { available: string[]; default: string };
  titleTemplate: string;
  productionHosts: string[];
  monitoring: { serviceName: string; serverUrl?: string; eventsLimit: number; flushIntervalMs: number; transactionSampleRate: number; centralConfig: boolean } | null;
  services: ServiceConfig[];
  /** On a page that is not translated: the runtime's own words in every locale (src/render/runtime-strings.ts). */
  strings?: string;
  runtime: {
    breakpoint: number;
    scrollOffset: { h1: number; other: number };
    scrollThrottleMs: number;
    activeSection: { top: number; bottom: number };
    restoreScrollDelayMs: number;
    resizeDebounceMs: number;
    toast: { autoHideMs: number; position: string };
  };
}

export function readConfig(): RuntimeConfig | null {
  const el = document.getElementById('bankdocs-runtime');
  try {
    return el?.textContent ? (JSON.parse(el.textContent) as RuntimeConfig) : null;
  } catch {
    return null;
  }
}

export const isNarrow = (config: RuntimeConfig): boolean => window.innerWidth < config.runtime.breakpoint;
