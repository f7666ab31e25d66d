// Real user monitoring (lazy part): the Elastic APM RUM agent, started after the page
// is up. It reports the page load and uncaught errors; an unreachable intake only
// costs the lost events.
import { init } from '@elastic/apm-rum';
import type { RuntimeConfig } from './config.js';
import { isProduction } from './consent-state.js';

export function startMonitoring(config: RuntimeConfig): void {
  const settings = config.monitoring;
  if (!settings) return;
  init({
    serviceName: settings.serviceName,
    serverUrl: settings.serverUrl ?? `${location.origin}/apm`,
    environment: isProduction(config) ? 'production' : location.hostname,
    eventsLimit: settings.eventsLimit,
    flushInterval: settings.flushIntervalMs,
    transactionSampleRate: settings.transactionSampleRate,
    centralConfig: settings.centralConfig,
    logLevel: 'error',
  });
}
