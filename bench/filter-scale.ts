/**
 * The list filters beyond contacts and opt-outs at scale (issue 12, item 4): for each resource —
 * flow events, flow sessions, appointments, knowledge gaps, handled comments, posts — one page of
 * each filter at FILTER_LARGE (default 1M) vs 1k records of that resource in one account, the
 * ratio to stay <= 2x (bench/list-scale.ts `compare`, in process through `sim.handle`).
 *
 * Each state is the default seed with `count` copies of one seeded record of the resource (new
 * id, the filter fields spread deterministically), put in with `sim.restore`, so every record is
 * one the restore's checks accept. The same RECENT records at both sizes, scattered over the
 * whole id range, are recent; the rest are days old: `since` / `updated_since` have the same
 * matches at both sizes, in old id ranges (the hard case for a walk by id). Rare filter values
 * are held by RARE (30) records at both sizes, spread the same way, so every page
 * compared holds the same rows (a scan would read all of them at 1M, 1k at 1k).
 *
 * FILTER_LARGE, BENCH_SCALE_ITERATIONS, BENCH_SCALE_ROUNDS and FILTER_RESOURCES (comma-separated
 * collection names) tune it; at 1M it needs a heap over the default (`npm run bench` gives 8 GB).
 */
import { silentLogger } from '../src/core/logger.js';
import { formatTimestamp } from '../src/core/clock.js';
import { createSimulator, type SimulatorSnapshot } from '../src/simulator.js';
import type { Entity } from '../src/store/collection.js';
import { compare, type ListCase, type Reader } from './list-scale.js';
import { collectGarbage, round, type BenchRow } from './types.js';

const LARGE = Number(process.env['FILTER_LARGE'] ?? 1_000_000);
const SMALL = 1_000;
const RECENT = 100;
/** Records of a rare filter value: as many at both sizes, scattered over the id range. */
const RARE = 30;
const NOW = Date.parse('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
const OLD_MS = NOW - 10 * 24 * HOUR;
const RECENT_MS = NOW - HOUR;
const SINCE = formatTimestamp(NOW - 2 * HOUR);
const ACCOUNT = 1;

type Row = Entity & Record<string, unknown>;

/** Whether record i of `count` is one of the RECENT late ones (spread over the id range). */
const isRecent = (i: number, count: number): boolean => i % Math.max(1, Math.floor(count / RECENT)) === 0;
/** Whether record i of `count` holds rare value number `which` (1-9): RARE of them, spread out. */
const isRare = (i: number, count: number, which: number): boolean => i % Math.floor(count / RARE) === which;
const pick = <T>(values: readonly T[], i: number): T => values[i % values.length]!;

interface Resource {
  /** The snapshot collection and its id sequence. */
  collection: string;
  sequence: string;
  /** Record i of `count`, from a seeded template of the account (the id is set by the caller). */
  make(template: Row, i: number, count: number, state: SimulatorSnapshot): Row;
  /** Adds what the records refer to, before they are made (flow events need sessions). */
  prepare?(state: SimulatorSnapshot, count: number): void;
  cases: ListCase[];
}

const SESSION_STATUSES = ['completed', 'expired', 'cancelled', 'completed'] as const;
const EVENT_TYPES = ['node_entered', 'node_exited', 'branch_selected', 'input_received', 'session_started', 'session_completed'] as const;
const FLOW_CHANNELS = ['instagram', 'facebook', 'whatsapp'] as const;
const EVENTS_PER_SESSION = 10;

const RESOURCES: Resource[] = [
  {
    collection: 'flow_events',
    sequence: 'flow_event',
    // Ten events per session, sessions copied from a seeded one.
    prepare(state, count) {
      const sessions = state.store.collections['flow_sessions']! as Row[];
      const template = sessions.find((row) => row.account_id === ACCOUNT)!;
      let next = state.store.sequences['flow_session'] ?? 0;
      for (let s = 0; s < Math.ceil(count / EVENTS_PER_SESSION); s++) {
        sessions.push({ ...template, id: ++next, status: 'completed', end_reason: 'completed', due_ms: null, last_activity_ms: OLD_MS, started_ms: OLD_MS });
      }
      state.store.sequences['flow_session'] = next;
    },
    make(template, i, count, state) {
      const firstSession = (state.store.sequences['flow_session'] ?? 0) - Math.ceil(count / EVENTS_PER_SESSION) + 1;
      return {
        ...template,
        session_id: firstSession + Math.floor(i / EVENTS_PER_SESSION),
        flow_id: pick([1, 2, 5], i),
        // RARE of them are outcomes: the rare type.
        type: isRare(i, count, 7) ? 'outcome_achieved' : pick(EVENT_TYPES, i),
        node_key: isRare(i, count, 3) ? 'rare-node' : String(2 + (i % 8)),
        occurred_ms: isRecent(i, count) ? RECENT_MS : OLD_MS,
      };
    },
    cases: [
      { label: 'no filter', path: '/flow-events', query: {} },
      { label: 'type=node_entered (1 in 6)', path: '/flow-events', query: { type: 'node_entered' } },
      { label: 'type=outcome_achieved (rare)', path: '/flow-events', query: { type: 'outcome_achieved' } },
      { label: 'node_key=rare-node (rare)', path: '/flow-events', query: { node_key: 'rare-node' } },
      { label: `since (${RECENT} scattered recent)`, path: '/flow-events', query: { since: SINCE } },
      { label: 'since&type=node_entered', path: '/flow-events', query: { since: SINCE, type: 'node_entered' } },
      { label: 'flow_id=2&type=node_exited&node_key=3', path: '/flow-events', query: { flow_id: '2', type: 'node_exited', node_key: '3' } },
    ],
  },
  {
    collection: 'flow_sessions',
    sequence: 'flow_session',
    make(template, i, count) {
      return {
        ...template,
        status: isRare(i, count, 5) ? 'expired' : pick(SESSION_STATUSES, i),
        end_reason: 'completed',
        due_ms: null,
        channel: isRare(i, count, 9) ? 'whatsapp' : pick(['instagram', 'facebook'], i),
        flow_id: pick([1, 2, 5], i),
        last_activity_ms: isRecent(i, count) ? RECENT_MS : OLD_MS,
        started_ms: OLD_MS,
      };
    },
    cases: [
      { label: 'no filter', path: '/flow-sessions', query: {} },
      { label: 'status=completed (1 in 2)', path: '/flow-sessions', query: { status: 'completed' } },
      { label: 'status=cancelled (1 in 4)', path: '/flow-sessions', query: { status: 'cancelled' } },
      { label: 'channel=whatsapp (rare)', path: '/flow-sessions', query: { channel: 'whatsapp' } },
      { label: `updated_since (${RECENT} scattered recent)`, path: '/flow-sessions', query: { updated_since: SINCE } },
      { label: 'updated_since&status=completed', path: '/flow-sessions', query: { updated_since: SINCE, status: 'completed' } },
      { label: 'flow_id=2&channel=instagram&status=cancelled', path: '/flow-sessions', query: { flow_id: '2', channel: 'instagram', status: 'cancelled' } },
    ],
  },
  {
    collection: 'appointments',
    sequence: 'appointment',
    make(template, i, count) {
      return {
        ...template,
        confirmation_code: `B${String(i).padStart(9, '0')}`,
        status: isRare(i, count, 1) ? 'no_show' : pick(['completed', 'cancelled', 'completed', 'confirmed'], i),
        conversation_id: pick([1, 2, 3, 7], i),
        start_ms: NOW - 30 * 24 * HOUR - i * 60_000,
        remind_at_ms: null,
      };
    },
    cases: [
      { label: 'no filter', path: '/appointments', query: {} },
      { label: 'status=completed (1 in 2)', path: '/appointments', query: { status: 'completed' } },
      { label: 'status=no_show (rare)', path: '/appointments', query: { status: 'no_show' } },
      { label: 'status=unknown (no match)', path: '/appointments', query: { status: 'unknown' } },
      { label: 'conversation_id=7&status=confirmed', path: '/appointments', query: { conversation_id: '7', status: 'confirmed' } },
    ],
  },
  {
    collection: 'knowledge_gaps',
    sequence: 'knowledge_gap',
    make(template, i, count) {
      const seen = isRecent(i, count) ? RECENT_MS : OLD_MS;
      return {
        ...template,
        status: isRare(i, count, 2) ? 'pending' : pick(['open', 'resolved', 'dismissed', 'open'], i),
        signal_type: isRare(i, count, 4) ? 'escalation' : pick(['no_knowledge', 'weak_match', 'negative_feedback'], i),
        channel: pick(['instagram', 'facebook', 'sms', 'telegram', 'whatsapp'], i),
        canonical_question: `question ${i}`,
        last_seen_ms: seen,
        last_seen_at: formatTimestamp(seen),
      };
    },
    cases: [
      { label: 'default (status=open, 1 in 2)', path: '/knowledge-gaps', query: {} },
      { label: 'status=all', path: '/knowledge-gaps', query: { status: 'all' } },
      { label: 'status=pending (rare)', path: '/knowledge-gaps', query: { status: 'pending' } },
      { label: 'status=all&signal_type=escalation (rare)', path: '/knowledge-gaps', query: { status: 'all', signal_type: 'escalation' } },
      { label: 'channel=sms', path: '/knowledge-gaps', query: { channel: 'sms' } },
      { label: `status=all&since (${RECENT} scattered recent)`, path: '/knowledge-gaps', query: { status: 'all', since: SINCE } },
      { label: 'since&channel=telegram (default status)', path: '/knowledge-gaps', query: { since: SINCE, channel: 'telegram' } },
    ],
  },
  {
    collection: 'handled_comments',
    sequence: 'handled_comment',
    make(template, i, count) {
      const created = isRecent(i, count) ? RECENT_MS : OLD_MS;
      return {
        ...template,
        comment_id: `bench_${i}`,
        status: isRare(i, count, 6) ? 'failed' : pick(['sent', 'pending', 'moderated', 'sent'], i),
        channel: pick(['instagram', 'facebook'], i),
        post_id: isRare(i, count, 8) ? 'rare-post' : `post-${i % 10}`,
        created_ms: created,
        created_at: formatTimestamp(created),
      };
    },
    cases: [
      { label: 'no filter', path: '/comments', query: {} },
      { label: 'status=pending (approval queue, 1 in 4)', path: '/comments', query: { status: 'pending' } },
      { label: 'status=failed (rare)', path: '/comments', query: { status: 'failed' } },
      { label: 'post_id=rare-post (rare)', path: '/comments', query: { post_id: 'rare-post' } },
      { label: `since (${RECENT} scattered recent)`, path: '/comments', query: { since: SINCE } },
      { label: 'since&status=sent', path: '/comments', query: { since: SINCE, status: 'sent' } },
      { label: 'channel=facebook&post_id=post-7 (1 in 10)', path: '/comments', query: { channel: 'facebook', post_id: 'post-7' } },
    ],
  },
  {
    collection: 'posts',
    sequence: 'post',
    make(template, i, count) {
      return {
        ...template,
        status: isRare(i, count, 3) ? 'failed' : pick(['published', 'draft', 'published'], i),
        platform: isRare(i, count, 5) ? 'tiktok' : pick(['instagram', 'facebook', 'both'], i),
        post_type: pick(['feed_post', 'carousel', 'reels'], i),
        tiktok: null,
        scheduled_ms: null,
      };
    },
    cases: [
      { label: 'no filter', path: '/posts', query: {} },
      { label: 'status=draft (1 in 3)', path: '/posts', query: { status: 'draft' } },
      { label: 'status=failed (rare)', path: '/posts', query: { status: 'failed' } },
      { label: 'platform=instagram (2 in 3)', path: '/posts', query: { platform: 'instagram' } },
      { label: 'platform=tiktok (rare)', path: '/posts', query: { platform: 'tiktok' } },
      { label: 'status=published&post_type=reels&platform=facebook', path: '/posts', query: { status: 'published', post_type: 'reels', platform: 'facebook' } },
    ],
  },
];

/** A simulator whose first account holds `count` more records of the resource. */
function build(resource: Resource, count: number): Reader {
  const sim = createSimulator({ rateLimit: 'off', logger: silentLogger, clock: { frozenAt: formatTimestamp(NOW) } });
  const state = sim.snapshot();
  resource.prepare?.(state, count);
  const rows = state.store.collections[resource.collection]! as Row[];
  const template = rows.find((row) => row.account_id === ACCOUNT)!;
  let next = state.store.sequences[resource.sequence] ?? 0;
  for (let i = 0; i < count; i++) rows.push({ ...resource.make(template, i, count, state), id: ++next });
  state.store.sequences[resource.sequence] = next;
  sim.restore(state);
  const keys = sim.accounts.find((account) => account.id === ACCOUNT)!.keys;
  return { sim, headers: { 'x-service-api-key': keys.read! }, writeHeaders: { 'x-service-api-key': keys.full! } };
}

export async function run(): Promise<BenchRow[]> {
  const only = process.env['FILTER_RESOURCES']?.split(',');
  const rows: BenchRow[] = [];
  for (const resource of RESOURCES) {
    if (only && !only.includes(resource.collection)) continue;
    const started = performance.now();
    const large = build(resource, LARGE);
    rows.push({ name: `${resource.collection}: restore of ${LARGE / 1000}k records with every index`, value: round((performance.now() - started) / 1000, 1), unit: 's' });
    collectGarbage();
    rows.push({ name: `${resource.collection}: heap with ${LARGE / 1000}k records and their indexes`, value: round(process.memoryUsage().heapUsed / 1024 / 1024, 0), unit: 'MB', note: 'the whole simulator (default seed included)' });
    const small = build(resource, SMALL);
    for (const c of resource.cases) {
      rows.push(await compare(`GET ${c.path}?${c.label}`, small, large, c, `${LARGE / 1000}k ${resource.collection}`));
    }
    large.sim.close();
    small.sim.close();
  }
  return rows;
}
