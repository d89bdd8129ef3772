// Run ids are UUIDv7s dated at the run's claim time, growing within this process: the run list's time
// range is a range of ids (runListQuery), so an id must not stray from its run's time. One process
// may run clocks far apart (the tests' clocks; a system clock stepped back), and a clock far ahead
// once used to date every later id of the process at its time.
import { describe, expect, it } from 'vitest';
import { RUN_ID_AHEAD_MS, runId } from './store.js';

const dated = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('runId', () => {
  it('grows within a millisecond and across a clock set back a little', () => {
    const t = Date.parse('2031-05-01T00:00:00Z');
    const a = runId(new Date(t));
    const b = runId(new Date(t));
    const c = runId(new Date(t - 500));
    expect(a < b && b < c).toBe(true);
    expect(dated(c)).toBe(t);
  });

  it('after a clock far ahead, an id is dated at its own time again', () => {
    runId(new Date('2040-01-01T00:00:00Z'));
    const at = Date.parse('2036-01-01T02:00:00Z');
    const id = runId(new Date(at));
    expect(dated(id)).toBe(at);
  });

  it('an id is never dated more than RUN_ID_AHEAD_MS after its run', () => {
    const t = Date.parse('2032-01-01T00:00:00Z');
    runId(new Date(t));
    for (let back = 0; back <= 2 * RUN_ID_AHEAD_MS; back += 250) {
      const at = t - back;
      const d = dated(runId(new Date(at))) - at;
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(RUN_ID_AHEAD_MS);
    }
  });
});
