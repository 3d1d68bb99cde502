/**
 * A seed loads at one instant. Its records are placed relative to "now" (`ago`, `in_days`), and
 * some rules match records by their times: a seeded flow run saves the answer its transcript holds
 * at the `input_received` instant (src/resources/flow-runtime/seed-effects.ts). With a real clock
 * that moved on while the seed loaded, a second could pass between the transcript line and the
 * event, and the answer was lost (the default seed's Mia Torres then had no email: a flake seen
 * in CI under load). The load now reads the wall clock once (`VirtualClock.holdWall`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a seed loads at one instant', () => {
  it('keeps the answers seeded flow runs collected, however far the wall clock moves during the load', async () => {
    // A wall clock that moves 3 ms on every read: a load reads it thousands of times.
    let wall = Date.UTC(2026, 10, 25, 8, 0, 0, 0);
    vi.spyOn(Date, 'now').mockImplementation(() => (wall += 3));
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    try {
      const key = sim.accounts[0]!.keys.full!;
      const contacts = await sim.request({ path: '/contacts', key, query: { limit: '100' } });
      const mia = (contacts.body as { data: { name: string; email: string | null }[] }).data.find((contact) => contact.name === 'Mia Torres');
      expect(mia?.email).toBe('mia.torres@mail.test');
    } finally {
      sim.close();
    }
  });
});
