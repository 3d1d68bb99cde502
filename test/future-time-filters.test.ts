/**
 * A time filter set in the future (2.1: `updated_since` and `since` take the timestamp form) is a
 * valid filter that matches nothing yet: 200 with an empty page on every list that has one, the
 * flow reads included (audit 14b B4: those two answered 400).
 */
import { describe, expect, it } from 'vitest';
import { testSimulator } from './support/simulator.js';

const TIME_FILTERS = [
  ['/contacts', 'updated_since'],
  ['/conversations', 'updated_since'],
  ['/flow-sessions', 'updated_since'],
  ['/flow-events', 'since'],
  ['/opt-outs', 'since'],
  ['/knowledge-gaps', 'since'],
  ['/comments', 'since'],
] as const;

describe('a future time filter matches nothing', () => {
  const { sim, keys } = testSimulator();

  it.each(TIME_FILTERS)('GET %s?%s=<a future instant> is 200 with an empty page', async (path, param) => {
    for (const value of ['2099-01-01T00:00:00+00:00', '2099-01-01T00:00:00Z']) {
      const res = await sim.request({ path, key: keys.full, query: { [param]: value } });
      expect(res.status, `${path}?${param}=${value}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toMatchObject({ data: [], has_more: false });
    }
  });
});
