/**
 * On a virtual clock the `Date` of every answer is the simulator's time, as RateLimit-Reset and
 * every timestamp already are: a client working out its wait as `RateLimit-Reset - Date` gets the
 * real one (audit 11b follow-up). On the wall clock the pipeline adds nothing (each runtime stamps
 * its own Date, the same instant: node:http, MSW and sim.fetch, sim.request). A replayed answer
 * carries the replay's Date, not the stored one.
 */
import { describe, expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';
import { createSimulator } from '../src/simulator.js';
import { silentLogger } from '../src/core/logger.js';

const FROZEN = '2026-03-02T15:00:00+00:00';
const FROZEN_DATE = 'Mon, 02 Mar 2026 15:00:00 GMT';

describeRuntimes(
  'the Date header on a virtual clock',
  (api) => {
    it('is the frozen instant, and RateLimit-Reset is within the minute after it', async () => {
      const answer = await api().call({ path: '/account', key: api().keys.read });
      expect(answer.headers['date']).toBe(FROZEN_DATE);
      const reset = Number(answer.headers['ratelimit-reset']) * 1000;
      const date = Date.parse(answer.headers['date']!);
      expect(reset).toBeGreaterThanOrEqual(date);
      expect(reset).toBeLessThanOrEqual(date + 60_000);
    });

    it('follows the clock when it moves, errors included', async () => {
      api().sim.clock.advance(90 * 60_000);
      const missing = await api().call({ path: '/contacts/999999', key: api().keys.read });
      expect(missing.status).toBe(404);
      expect(missing.headers['date']).toBe('Mon, 02 Mar 2026 16:30:00 GMT');
    });

    it('a replay carries the replay\'s Date, not the first answer\'s', async () => {
      const send = () =>
        api().call({ method: 'POST', path: '/tags', key: api().keys.write, headers: { 'Idempotency-Key': 'date-replay-1' }, body: { name: 'Dated' } });
      expect((await send()).headers['date']).toBe(FROZEN_DATE);
      api().sim.clock.advance(60_000);
      const replay = await send();
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.headers['date']).toBe('Mon, 02 Mar 2026 15:01:00 GMT');
    });
  },
  { clock: { frozenAt: FROZEN }, rateLimit: '200/20' },
);

describe('the Date header on the wall clock', () => {
  it('is not added by the pipeline; each runtime stamps the same instant, sim.request too', async () => {
    const sim = createSimulator({ logger: silentLogger });
    try {
      const key = sim.accounts[0]!.keys.read!;
      const handled = await sim.handle({ method: 'GET', path: '/api/v1/account', headers: { 'x-service-api-key': key } });
      expect(handled.headers['Date']).toBeUndefined();
      const before = Math.floor(Date.now() / 1000) * 1000;
      const answer = await sim.request({ path: '/account', key });
      const stamped = Date.parse(answer.headers['Date']!);
      expect(stamped).toBeGreaterThanOrEqual(before);
      expect(stamped).toBeLessThanOrEqual(Date.now());
      sim.clock.advance(1_000);
      expect((await sim.handle({ method: 'GET', path: '/api/v1/account', headers: { 'x-service-api-key': key } })).headers['Date']).toMatch(/ GMT$/);
    } finally {
      sim.close();
    }
  });
});
