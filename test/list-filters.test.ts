/**
 * Every indexed list filter answers exactly what a scan answers (issue 12, item 4): for flow
 * events, a session's events, flow sessions, appointments, knowledge gaps, handled comments and
 * posts, a random state (restored), random writes through the API that move records between
 * index keys or delete them, then random filter combinations walked page by page with random
 * limits through `sim.request`. The oracle is the same route without filters, every page, filtered
 * here on the fields each record shows: same records, same order, and the cursors chain to the end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimestamp, parseTimestamp } from '../src/core/clock.js';
import type { SimulatorSnapshot } from '../src/simulator.js';
import type { Entity } from '../src/store/collection.js';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';
import { testSimulator } from './support/simulator.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
const ACCOUNT = 1;
const FLOWS = [1, 2, 5];
const CONTACTS = [121, 122, 123, 124];
const RUNS = 12;

type Row = Entity & Record<string, unknown>;
type Item = Record<string, unknown> & { id: number };
/** A read of the API with the account's read key. */
type Call = RuntimeApi['call'];
type Query = Record<string, string | undefined>;

const { sim, keys } = testSimulator({ clock: { frozenAt: formatTimestamp(NOW) } });
const seeded = sim.snapshot();
const call: Call = (options) => sim.request({ key: keys.read, ...options });

/** Writes that really changed something, per kind: each property checks its own kinds happened. */
const applied = new Map<string, number>();
async function write(kind: string, options: Parameters<Call>[0]): Promise<void> {
  const response = await sim.request({ key: keys.full, ...options });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
  if (response.status < 300) applied.set(kind, (applied.get(kind) ?? 0) + 1);
}
const expectApplied = (...kinds: string[]) => {
  for (const kind of kinds) expect(applied.get(kind) ?? 0, `${kind} writes that succeeded`).toBeGreaterThan(0);
};

/** Every page of a list, following cursors; each page must be a 200 with at most `limit` rows. */
async function allPages(request: Call, path: string, query: Query, limit: number): Promise<Item[]> {
  const out: Item[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const response = await request({ path, query: { ...query, limit: String(limit), ...(cursor ? { starting_after: cursor } : {}) } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as { data: Item[]; has_more: boolean; next_cursor: string | null };
    expect(body.data.length).toBeLessThanOrEqual(limit);
    out.push(...body.data);
    if (!body.has_more) {
      expect(body.next_cursor).toBeNull();
      return out;
    }
    cursor = body.next_cursor!;
  }
  throw new Error('the cursors never ended');
}

/** The filtered list, every page, equals the unfiltered list (every page) filtered here. */
async function expectSameAsScan(request: Call, path: string, query: Query, keep: (item: Item) => boolean, limit: number, base: Query = {}): Promise<void> {
  const defined = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Query;
  const everything = await allPages(request, path, base, 100);
  const filtered = await allPages(request, path, defined, limit);
  expect(filtered.map((item) => item.id), `${path} ${JSON.stringify(defined)}`).toEqual(everything.filter(keep).map((item) => item.id));
}

/** The seeded state with `rows` (ids given here) added to one collection. */
function stateWith(collection: string, sequence: string, rows: readonly Record<string, unknown>[]): SimulatorSnapshot {
  const state = structuredClone(seeded);
  const records = state.store.collections[collection]! as Row[];
  const template = records.find((row) => row.account_id === ACCOUNT)!;
  let next = state.store.sequences[sequence] ?? 0;
  for (const row of rows) records.push({ ...template, ...row, id: ++next, account_id: ACCOUNT });
  state.store.sequences[sequence] = next;
  return state;
}

const since = (value: string | undefined, at: unknown): boolean => value === undefined || parseTimestamp(String(at))! >= parseTimestamp(value)!;
/** A time a few hours back: records and `since` values share these instants (ties included). */
const hoursAgo = fc.integer({ min: 0, max: 6 });
const instant = (hours: number) => NOW - hours * HOUR;
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const limit = fc.integer({ min: 1, max: 7 });

const EVENT_TYPES = ['node_entered', 'node_exited', 'session_started', 'outcome_achieved'] as const;
const SESSION_STATUSES = ['waiting_input', 'delayed', 'completed', 'expired', 'cancelled'] as const;
const FLOW_CHANNELS = ['instagram', 'facebook', 'whatsapp'] as const;

describe('GET /flow-events and GET /flow-sessions/{id}/events: indexed filters equal a scan', () => {
  it('any mix of flow_id, flow_session, type, node_key and since, after contacts (and their events) are deleted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ session: fc.integer({ min: 1, max: 7 }), type: fc.constantFrom(...EVENT_TYPES), node: fc.constantFrom('2', '3', null), hours: hoursAgo }), { maxLength: 60 }),
        fc.array(fc.constantFrom(...CONTACTS), { maxLength: 2 }),
        fc.array(
          fc.record({ flow: maybe(fc.constantFrom(...FLOWS)), session: maybe(fc.integer({ min: 1, max: 7 })), type: maybe(fc.constantFrom(...EVENT_TYPES)), node: maybe(fc.constantFrom('2', '3')), since: maybe(hoursAgo), limit }),
          { minLength: 1, maxLength: 4 },
        ),
        async (events, deleted, queries) => {
          const sessions = new Map((seeded.store.collections['flow_sessions'] as Row[]).map((row) => [row.id, row]));
          sim.restore(
            stateWith(
              'flow_events',
              'flow_event',
              events.map((event) => ({ session_id: event.session, flow_id: sessions.get(event.session)!['flow_id'], type: event.type, node_key: event.node, occurred_ms: instant(event.hours) })),
            ),
          );
          for (const contact of deleted) await write('delete contact', { method: 'DELETE', path: `/contacts/${contact}` });
          const live = new Set((await allPages(call, '/flow-sessions', {}, 100)).map((session) => session.id));
          for (const q of queries) {
            if (q.session !== undefined && !live.has(q.session)) continue;
            const sinceAt = q.since === undefined ? undefined : formatTimestamp(instant(q.since));
            await expectSameAsScan(
              call,
              '/flow-events',
              { flow_id: q.flow?.toString(), flow_session: q.session?.toString(), type: q.type, node_key: q.node ?? undefined, since: sinceAt },
              (item) =>
                (q.flow === undefined || item['flow_id'] === q.flow) &&
                (q.session === undefined || item['session_id'] === q.session) &&
                (q.type === undefined || item['type'] === q.type) &&
                (q.node === undefined || item['node_key'] === q.node) &&
                since(sinceAt, item['occurred_at']),
              q.limit,
            );
            if (q.session !== undefined) {
              await expectSameAsScan(call, `/flow-sessions/${q.session}/events`, { type: q.type }, (item) => q.type === undefined || item['type'] === q.type, q.limit);
            }
          }
        },
      ),
      { numRuns: RUNS, seed: 1202 },
    );
    expectApplied('delete contact');
  });
});

describe('GET /flow-sessions: indexed filters equal a scan', () => {
  it('any mix of flow_id, status, channel, contact_id and updated_since, after a flow pause cancels open sessions and contacts are deleted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ flow: fc.constantFrom(...FLOWS), status: fc.constantFrom(...SESSION_STATUSES), channel: fc.constantFrom(...FLOW_CHANNELS), contact: fc.constantFrom(...CONTACTS), hours: hoursAgo }),
          { maxLength: 50 },
        ),
        fc.boolean(),
        fc.array(fc.constantFrom(...CONTACTS), { maxLength: 1 }),
        fc.array(
          fc.record({ flow: maybe(fc.constantFrom(...FLOWS)), status: maybe(fc.constantFrom(...SESSION_STATUSES)), channel: maybe(fc.constantFrom(...FLOW_CHANNELS)), contact: maybe(fc.constantFrom(...CONTACTS)), since: maybe(hoursAgo), limit }),
          { minLength: 1, maxLength: 4 },
        ),
        async (rows, pause, deleted, queries) => {
          sim.restore(
            stateWith(
              'flow_sessions',
              'flow_session',
              rows.map((row) => ({ flow_id: row.flow, status: row.status, channel: row.channel, contact_id: row.contact, last_activity_ms: instant(row.hours), due_ms: null, delay_until_ms: null })),
            ),
          );
          sim.sandbox.clock.advance('1h');
          // Pausing flow 1 ends its open sessions (status and last activity move: both keys change).
          if (pause) await write('pause flow', { method: 'POST', path: '/flows/1/pause' });
          for (const contact of deleted) await write('delete contact', { method: 'DELETE', path: `/contacts/${contact}` });
          const contacts = new Set((await allPages(call, '/contacts', {}, 100)).map((contact) => contact.id));
          for (const q of queries) {
            if (q.contact !== undefined && !contacts.has(q.contact)) continue;
            const sinceAt = q.since === undefined ? undefined : formatTimestamp(instant(q.since));
            await expectSameAsScan(
              call,
              '/flow-sessions',
              { flow_id: q.flow?.toString(), status: q.status, channel: q.channel, contact_id: q.contact?.toString(), updated_since: sinceAt },
              (item) =>
                (q.flow === undefined || item['flow_id'] === q.flow) &&
                (q.status === undefined || item['status'] === q.status) &&
                (q.channel === undefined || item['channel'] === q.channel) &&
                (q.contact === undefined || item['contact_id'] === q.contact) &&
                since(sinceAt, item['last_activity_at']),
              q.limit,
            );
          }
        },
      ),
      { numRuns: RUNS, seed: 1203 },
    );
    expectApplied('pause flow', 'delete contact');
  });
});

const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;

describe('GET /appointments: indexed filters equal a scan', () => {
  it('status and conversation_id, after PATCHes move appointments between statuses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ status: fc.constantFrom(...APPOINTMENT_STATUSES), conversation: fc.integer({ min: 1, max: 4 }) }), { maxLength: 50 }),
        fc.array(fc.record({ pick: fc.nat(), status: fc.constantFrom(...APPOINTMENT_STATUSES) }), { maxLength: 8 }),
        fc.array(fc.record({ status: maybe(fc.constantFrom(...APPOINTMENT_STATUSES, 'unknown')), conversation: maybe(fc.integer({ min: 1, max: 4 })), limit }), { minLength: 1, maxLength: 4 }),
        async (rows, moves, queries) => {
          sim.restore(
            stateWith(
              'appointments',
              'appointment',
              rows.map((row, i) => ({ status: row.status, conversation_id: row.conversation, confirmation_code: `T${String(i).padStart(7, '0')}`, remind_at_ms: null, start_ms: NOW - (i + 48) * HOUR })),
            ),
          );
          const ids = (await allPages(call, '/appointments', {}, 100)).map((item) => item.id);
          for (const move of moves) {
            const id = ids[move.pick % ids.length]!;
            await write('appointment status', { method: 'PATCH', path: `/appointments/${id}`, body: { status: move.status } });
          }
          for (const q of queries) {
            await expectSameAsScan(
              call,
              '/appointments',
              { status: q.status, conversation_id: q.conversation?.toString() },
              (item) => (q.status === undefined || item['status'] === q.status) && (q.conversation === undefined || item['conversation_id'] === q.conversation),
              q.limit,
            );
          }
        },
      ),
      { numRuns: RUNS, seed: 1204 },
    );
    expectApplied('appointment status');
  });
});

const GAP_STATUSES = ['open', 'pending', 'resolved', 'dismissed'] as const;
const SIGNALS = ['no_knowledge', 'weak_match', 'negative_feedback', 'escalation'] as const;
const CHANNELS = ['instagram', 'facebook', 'sms'] as const;

describe('GET /knowledge-gaps: indexed filters equal a scan', () => {
  it('status (default open, all), signal_type, channel and since on last_seen_at, with gaps added later', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ status: fc.constantFrom(...GAP_STATUSES), signal: fc.constantFrom(...SIGNALS), channel: fc.constantFrom(...CHANNELS), hours: hoursAgo }), { maxLength: 50 }),
        fc.array(fc.record({ signal: fc.constantFrom(...SIGNALS), channel: fc.constantFrom(...CHANNELS) }), { maxLength: 3 }),
        fc.array(fc.record({ status: maybe(fc.constantFrom(...GAP_STATUSES, 'all' as const)), signal: maybe(fc.constantFrom(...SIGNALS)), channel: maybe(fc.constantFrom(...CHANNELS)), since: maybe(hoursAgo), limit }), { minLength: 1, maxLength: 4 }),
        async (rows, added, queries) => {
          sim.restore(
            stateWith(
              'knowledge_gaps',
              'knowledge_gap',
              rows.map((row, i) => ({ status: row.status, signal_type: row.signal, channel: row.channel, canonical_question: `gap question ${i}`, last_seen_ms: instant(row.hours), last_seen_at: formatTimestamp(instant(row.hours)) })),
            ),
          );
          for (const [i, gap] of added.entries()) {
            sim.sandbox.createKnowledgeGap(ACCOUNT, { signal_type: gap.signal, channel: gap.channel, user_message: `Do you rent kayak number ${i}?` });
          }
          for (const q of queries) {
            const sinceAt = q.since === undefined ? undefined : formatTimestamp(instant(q.since));
            const status = q.status ?? 'open';
            await expectSameAsScan(
              call,
              '/knowledge-gaps',
              { status: q.status, signal_type: q.signal, channel: q.channel, since: sinceAt },
              (item) =>
                (status === 'all' || item['status'] === status) &&
                (q.signal === undefined || item['signal_type'] === q.signal) &&
                (q.channel === undefined || item['channel'] === q.channel) &&
                since(sinceAt, item['last_seen_at']),
              q.limit,
              { status: 'all' },
            );
          }
        },
      ),
      { numRuns: RUNS, seed: 1205 },
    );
  });
});

const HANDLED_STATUSES = ['pending', 'sent', 'moderated', 'rejected', 'failed'] as const;

describe('GET /comments: indexed filters equal a scan', () => {
  it('status, channel, post_id and since, after approvals and rejections move comments and the 30-day retention drops old ones', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ status: fc.constantFrom(...HANDLED_STATUSES), channel: fc.constantFrom('instagram', 'facebook'), post: fc.constantFrom('p1', 'p2', null), days: fc.integer({ min: 0, max: 29 }) }), { maxLength: 50 }),
        fc.array(fc.record({ pick: fc.nat(), approve: fc.boolean() }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.record({ status: maybe(fc.constantFrom(...HANDLED_STATUSES)), channel: maybe(fc.constantFrom('instagram', 'facebook')), post: maybe(fc.constantFrom('p1', 'p2')), days: maybe(fc.integer({ min: 0, max: 30 })), limit }), { minLength: 1, maxLength: 4 }),
        async (rows, reviews, laterDays, queries) => {
          sim.restore(
            stateWith(
              'handled_comments',
              'handled_comment',
              rows.map((row, i) => {
                const created = NOW - row.days * 24 * HOUR;
                return { status: row.status, channel: row.channel, post_id: row.post, comment_id: `prop_${i}`, created_ms: created, created_at: formatTimestamp(created) };
              }),
            ),
          );
          const pending = (await allPages(call, '/comments', { status: 'pending' }, 100)).map((item) => item.id);
          for (const review of reviews) {
            if (pending.length === 0) break;
            const id = pending[review.pick % pending.length]!;
            await write('comment review', { method: 'POST', path: `/comments/${id}/${review.approve ? 'approve' : 'reject'}`, body: {} });
          }
          // Days pass: the oldest comments fall out of the 30-day retention before the next read.
          sim.sandbox.clock.advance(`${laterDays * 24}h`);
          const now = NOW + laterDays * 24 * HOUR;
          for (const q of queries) {
            const sinceAt = q.days === undefined ? undefined : formatTimestamp(now - q.days * 24 * HOUR);
            await expectSameAsScan(
              call,
              '/comments',
              { status: q.status, channel: q.channel, post_id: q.post, since: sinceAt },
              (item) =>
                (q.status === undefined || item['status'] === q.status) &&
                (q.channel === undefined || item['channel'] === q.channel) &&
                (q.post === undefined || item['post_id'] === q.post) &&
                since(sinceAt, item['created_at']),
              q.limit,
            );
          }
          for (const item of await allPages(call, '/comments', {}, 100)) expect(parseTimestamp(String(item['created_at']))!).toBeGreaterThanOrEqual(now - 30 * 24 * HOUR);
        },
      ),
      { numRuns: RUNS, seed: 1206 },
    );
    expectApplied('comment review');
  });
});

const POST_STATUSES = ['draft', 'published', 'failed'] as const;
const PLATFORMS = ['instagram', 'facebook', 'both', 'tiktok'] as const;
const POST_TYPES = ['feed_post', 'carousel', 'reels'] as const;

describe('GET /posts: indexed filters equal a scan', () => {
  it('status, platform (a target of the post) and post_type, after PATCHes change platform or type and drafts are deleted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ status: fc.constantFrom(...POST_STATUSES), platform: fc.constantFrom(...PLATFORMS), type: fc.constantFrom(...POST_TYPES) }), { maxLength: 40 }),
        fc.array(fc.record({ pick: fc.nat(), platform: maybe(fc.constantFrom('instagram', 'facebook', 'both')), type: maybe(fc.constantFrom('feed_post', 'reels')), remove: fc.boolean() }), { maxLength: 6 }),
        fc.array(fc.record({ status: maybe(fc.constantFrom(...POST_STATUSES)), platform: maybe(fc.constantFrom('instagram', 'facebook', 'tiktok')), type: maybe(fc.constantFrom(...POST_TYPES)), limit }), { minLength: 1, maxLength: 4 }),
        async (rows, changes, queries) => {
          sim.restore(stateWith('posts', 'post', rows.map((row) => ({ status: row.status, platform: row.platform, post_type: row.type, tiktok: null, scheduled_ms: null }))));
          const ids = (await allPages(call, '/posts', {}, 100)).map((item) => item.id);
          for (const change of changes) {
            const id = ids[change.pick % ids.length]!;
            if (change.remove) await write('delete post', { method: 'DELETE', path: `/posts/${id}` });
            else await write('patch post', { method: 'PATCH', path: `/posts/${id}`, body: { ...(change.platform ? { platform: change.platform } : {}), ...(change.type ? { post_type: change.type } : { caption: 'moved' }) } });
          }
          for (const q of queries) {
            await expectSameAsScan(
              call,
              '/posts',
              { status: q.status, platform: q.platform, post_type: q.type },
              (item) => (q.status === undefined || item['status'] === q.status) && (q.platform === undefined || (item['targets'] as string[]).includes(q.platform)) && (q.type === undefined || item['post_type'] === q.type),
              q.limit,
            );
          }
        },
      ),
      { numRuns: RUNS, seed: 1207 },
    );
    expectApplied('delete post', 'patch post');
  });
});

describeRuntimes('combined indexed filters page the same over HTTP', (api) => {
  it('GET /flow-events with type + since and GET /knowledge-gaps with status=all + channel + since, two rows a page', async () => {
    const { sim: runtimeSim } = api();
    const read: Call = (options) => api().call({ key: api().keys.read, ...options });
    const sessions = new Map((seeded.store.collections['flow_sessions'] as Row[]).map((row) => [row.id, row]));
    const events = Array.from({ length: 30 }, (_, i) => ({ session_id: (i % 7) + 1, flow_id: sessions.get((i % 7) + 1)!['flow_id'], type: EVENT_TYPES[i % 4], node_key: i % 3 === 0 ? '2' : '3', occurred_ms: instant(i % 5) }));
    runtimeSim.restore(stateWith('flow_events', 'flow_event', events));
    const sinceAt = formatTimestamp(instant(2));
    await expectSameAsScan(read, '/flow-events', { type: 'node_exited', node_key: '3', since: sinceAt }, (item) => item['type'] === 'node_exited' && item['node_key'] === '3' && since(sinceAt, item['occurred_at']), 2);
    const gaps = Array.from({ length: 30 }, (_, i) => ({ status: GAP_STATUSES[i % 4], signal_type: SIGNALS[i % 3], channel: CHANNELS[i % 3], canonical_question: `runtime gap ${i}`, last_seen_ms: instant(i % 5), last_seen_at: formatTimestamp(instant(i % 5)) }));
    runtimeSim.restore(stateWith('knowledge_gaps', 'knowledge_gap', gaps));
    await expectSameAsScan(read, '/knowledge-gaps', { status: 'all', channel: 'sms', since: sinceAt }, (item) => item['channel'] === 'sms' && since(sinceAt, item['last_seen_at']), 2, { status: 'all' });
  });
}, { clock: { frozenAt: formatTimestamp(NOW) } });
