// The service script element: with integrity, the browser gets the hashes and makes a
// CORS request without cookies; without it, nothing changes. A stand-in document
// records what the runtime sets (no DOM library here; the browser tests use Chromium).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceConfig } from '../../../../theme/client/config.js';
import { serviceScript } from '../../../../theme/client/consent.js';

const fakeDocument = () => ({ createElement: (tag: string) => ({ tag, dataset: {} as Record<string, string> }) });

afterEach(() => void vi.unstubAllGlobals());

const chat: ServiceConfig = { name: 'support-chat', category: 'functional', script: 'https://widget.example/loader/{id}.js', ids: { production: 'live', other: 'test' } };
const HASH = 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb';

describe('serviceScript', () => {
  it('sets integrity and crossOrigin="anonymous" when the service has integrity', () => {
    vi.stubGlobal('document', fakeDocument());
    expect(serviceScript({ ...chat, integrity: HASH }, 'a b')).toEqual({
      tag: 'script',
      async: true,
      integrity: HASH,
      crossOrigin: 'anonymous',
      src: 'https://widget.example/loader/a%20b.js',
      dataset: { service: 'support-chat' },
    });
  });

  it('sets neither without integrity', () => {
    vi.stubGlobal('document', fakeDocument());
    expect(serviceScript(chat, 'live')).toEqual({ tag: 'script', async: true, src: 'https://widget.example/loader/live.js', dataset: { service: 'support-chat' } });
  });
});
