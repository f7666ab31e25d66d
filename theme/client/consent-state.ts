// The stored consent choice, read by the core runtime (to decide whether to load the
// consent part at all) and by the consent part.
import type { RuntimeConfig } from './config.js';
import { readStored } from './storage.js';

export const CONSENT_KEY = 'bankdocs:consent';

export interface Consent {
  functional: boolean;
  analytics: boolean;
  at: number;
}

export function readConsent(): Consent | null {
  try {
    const value = JSON.parse(readStored(CONSENT_KEY) ?? 'null') as Consent | null;
    return value && typeof value.functional === 'boolean' && typeof value.analytics === 'boolean' ? value : null;
  } catch {
    return null;
  }
}

export const isProduction = (config: RuntimeConfig): boolean => config.productionHosts.includes(location.hostname);
