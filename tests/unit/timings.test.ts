import { describe, expect, it } from 'vitest';
import { formatTimings } from '../../src/commands/output.js';

describe('--timings', () => {
  it('lists the stages in their order, each part of a stage in brackets after it', () => {
    expect(formatTimings({ config: 11, 'render.markdown': 800, render: 1441, search: 216 })).toBe('timings (ms): config 11, render 1441 (markdown 800), search 216');
  });

  it('lists stages without parts as they are', () => {
    expect(formatTimings({ config: 3, links: 60 })).toBe('timings (ms): config 3, links 60');
  });
});
