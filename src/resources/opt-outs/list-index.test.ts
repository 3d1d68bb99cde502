/**
 * GET /opt-outs (4.9: most recent first by recorded_at, filters channel/status/scope/since) paged
 * from ordered indexes (store/sorted-pairs.ts) equals sorting and filtering every record, after
 * records are re-recorded (STOP/START move recorded_at) and across more than one chunk of records.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { messagingSim, type MessagingSim } from '../../../test/support/messaging.js';
import { CHUNK_MAX } from '../../store/sorted-ids.js';

type OptOut = { id: string; channel: string; status: string; scope: string; recorded_at: string };
type Page = { data: OptOut[]; has_more: boolean; next_cursor: string | null };

const META_CHANNELS = ['instagram', 'facebook'] as const;
const SCOPES = ['comment_dm', 'broadcast', 'all'] as const;
let s: MessagingSim;

async function list(query: Record<string, string>): Promise<OptOut[]> {
  const out: OptOut[] = [];
  let cursor: string | null = null;
  do {
    const res = await s.get('/opt-outs', { ...query, ...(cursor ? { starting_after: cursor } : {}) });
    expect(res.status).toBe(200);
    const page = res.body as Page;
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

beforeAll(() => {
  s = messagingSim();
  // Several records share each recorded_at second, so the id breaks ties.
  for (let i = 0; i < CHUNK_MAX + 200; i++) {
    if (i % 5 === 0) s.sim.sandbox.clock.advance('1m');
    if (i % 3 === 0) s.sim.sandbox.smsStop(s.accountId, `+1555${String(i).padStart(7, '0')}`);
    else s.sim.sandbox.optOut(s.accountId, { channel: META_CHANNELS[i % 2]!, platform_user_id: `u${i}`, scope: SCOPES[i % 3]! });
  }
  // Later, old SMS numbers opt back in and some opt out again: their recorded_at moves.
  for (let i = 0; i < CHUNK_MAX; i += 27) {
    s.sim.sandbox.clock.advance('1m');
    s.sim.sandbox.smsStart(s.accountId, `+1555${String(i).padStart(7, '0')}`);
    if (i % 2 === 0) s.sim.sandbox.smsStop(s.accountId, `+1555${String(i).padStart(7, '0')}`);
  }
});

describe('GET /opt-outs from ordered indexes', () => {
  it('equals sorting every record by (recorded_at, id) descending and filtering, at any page size', async () => {
    const all = await list({ limit: '100' });
    expect(all.length).toBeGreaterThan(CHUNK_MAX);
    const times = [...new Set(all.map((row) => row.recorded_at))];
    const numberOf = (row: OptOut) => Number(row.id.split(':')[1]);
    // The full list itself is in spec order (ties on recorded_at: sms and meta numbers are separate
    // sequences, so the order inside a second is the stored id's; only the time order is checked).
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.recorded_at >= all[i]!.recorded_at).toBe(true);
    expect(numberOf(all[0]!)).toBeGreaterThan(0);
    const query = fc.record(
      {
        channel: fc.constantFrom('sms', 'instagram', 'facebook', 'telegram'),
        status: fc.constantFrom('opted_out', 'opted_in'),
        scope: fc.constantFrom(...SCOPES),
        since: fc.constantFrom(...times.filter((_, i) => i % 7 === 0)),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, fc.integer({ min: 1, max: 100 }), async (filters, limit) => {
        const expected = all.filter(
          (row) =>
            (filters.channel === undefined || row.channel === filters.channel) &&
            (filters.status === undefined || row.status === filters.status) &&
            (filters.scope === undefined || (!row.id.startsWith('sms:') && row.scope === filters.scope)) &&
            (filters.since === undefined || row.recorded_at >= filters.since),
        );
        const got = await list({ ...(filters as Record<string, string>), limit: String(limit) });
        expect(got.map((row) => row.id)).toEqual(expected.map((row) => row.id));
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
