/**
 * Every time filter of a list (2.1: `updated_since` and `since` take the timestamp form) refuses
 * an instant that does not exist: hour 25, month 13, and a day the month lacks (which
 * `Date.parse` would roll over into the next month). 400 `invalid_param` naming the filter, the
 * same on all seven; a real instant in either offset form is accepted, and one in the future is a
 * valid filter that matches nothing yet (audit 14b B4: the flow reads answered it 400).
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

const NOT_AN_INSTANT = ['2026-11-20T25:00:00+00:00', '2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '2026-11-31T10:00:00Z', '2025-02-29T00:00:00+00:00'];

describe('time filters refuse instants that do not exist', () => {
  const { sim, keys } = testSimulator();

  it.each(TIME_FILTERS)('GET %s?%s=<not an instant> is 400 invalid_param naming the filter', async (path, param) => {
    for (const value of NOT_AN_INSTANT) {
      const res = await sim.request({ path, key: keys.full, query: { [param]: value } });
      expect(res.status, `${path}?${param}=${value}`).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'invalid_param', param } });
    }
  });

  it.each(TIME_FILTERS)('GET %s?%s=<a real instant> is 200, with Z or an offset, a leap day included', async (path, param) => {
    for (const value of ['2024-02-29T00:00:00Z', '2026-01-01T00:00:00+00:00', '2026-01-01T02:00:00+02:00']) {
      const res = await sim.request({ path, key: keys.full, query: { [param]: value } });
      expect(res.status, `${path}?${param}=${value}`).toBe(200);
    }
  });
});

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
