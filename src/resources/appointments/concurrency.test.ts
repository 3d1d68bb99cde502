/**
 * "Concurrent bookings of the same slot: exactly one wins", over real sockets: the store runs one
 * transaction at a time, so of N simultaneous POSTs for one slot one is 201 and the rest 409.
 * Also a property: whatever is booked, no two active appointments overlap (buffer included).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../adapters/node.js';
import { testSimulator } from '../../../test/support/simulator.js';

const HOURS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, closed: false, open: '09:00', close: '17:00' }));
const TIMING = { buffer_minutes: 10, minimum_notice_minutes: 60, max_advance_days: 30, reminder_hours: 24 };

describe('concurrent bookings over node:http', () => {
  const { sim, keys, accounts } = testSimulator({ clock: { frozenAt: '2026-11-18T14:00:00Z' } });
  let server: RunningServer;
  beforeAll(async () => {
    sim.sandbox.setAiBooking(accounts[0]!.id, { business_hours: HOURS as never, timing: TIMING });
    server = await listen(sim, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    sim.close();
  });

  it('exactly one of ten simultaneous bookings of one slot wins', async () => {
    const body = JSON.stringify({ date: '2026-11-19', time: '11:00', customer: { name: 'Racer', email: 'racer@mail.test', phone: '+15550002222' } });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${server.origin}/api/v1/appointments`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Service-Api-Key': keys.full! }, body }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
  });
});

describe('property: no two active appointments overlap', () => {
  it('holds for any sequence of bookings, reschedules and cancels', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom('book', 'reschedule', 'cancel'),
            day: fc.integer({ min: 19, max: 20 }),
            minute: fc.integer({ min: 9 * 4, max: 17 * 4 - 1 }).map((q) => q * 15),
            duration: fc.constantFrom(15, 30, 45, 90),
            pick: fc.nat(),
          }),
          { maxLength: 25 },
        ),
        async (ops) => {
          const { sim, keys, accounts } = testSimulator({ clock: { frozenAt: '2026-11-18T14:00:00Z' } });
          sim.sandbox.setAiBooking(accounts[0]!.id, { business_hours: HOURS as never, timing: TIMING });
          const ids: number[] = [];
          for (const op of ops) {
            const time = `${String(Math.floor(op.minute / 60)).padStart(2, '0')}:${String(op.minute % 60).padStart(2, '0')}`;
            const date = `2026-11-${op.day}`;
            if (op.op === 'book' || ids.length === 0) {
              const res = await sim.request({ method: 'POST', path: '/appointments', key: keys.full, body: { date, time, duration_minutes: op.duration, customer: { name: 'P', email: 'p@mail.test', phone: '+15550003333' } } });
              expect([201, 409]).toContain(res.status);
              if (res.status === 201) ids.push((res.body as { data: { id: number } }).data.id);
            } else {
              const id = ids[op.pick % ids.length]!;
              const res = op.op === 'cancel'
                ? await sim.request({ method: 'POST', path: `/appointments/${id}/cancel`, key: keys.full, body: {} })
                : await sim.request({ method: 'POST', path: `/appointments/${id}/reschedule`, key: keys.full, body: { date, time } });
              expect([200, 409]).toContain(res.status);
            }
          }
          const list = await sim.request({ path: '/appointments', key: keys.full, query: { limit: '100' } });
          const active = (list.body as { data: { datetime: string; duration_minutes: number; status: string }[] }).data
            .filter((a) => a.status === 'confirmed' || a.status === 'pending')
            .map((a) => ({ start: Date.parse(a.datetime), end: Date.parse(a.datetime) + a.duration_minutes * 60_000 }))
            .sort((a, b) => a.start - b.start);
          for (let i = 1; i < active.length; i++) expect(active[i]!.start).toBeGreaterThanOrEqual(active[i - 1]!.end + TIMING.buffer_minutes * 60_000);
          sim.close();
        },
      ),
      { numRuns: 15 },
    );
  });
});
