/**
 * Seed pull (issue 24), end to end: a sandbox on 127.0.0.1 (default seed plus generated data) is
 * pulled over HTTP into a temp dir, a second sandbox starts from the file, and every list
 * endpoint of both is compared: with redaction off they are equal; with it on, equal in shape,
 * counts, relations and states. The pull's pacing runs on the sandbox's virtual clock.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualWaiter } from '../conformance/http/waiter.js';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { registry } from '../src/resources/index.js';
import { pullSeed, PullError } from '../src/pull/pull.js';
import { createSimulator, type Simulator } from '../src/simulator.js';

const T = '2026-03-01T12:00:00+00:00';
const T_MS = Date.parse(T);

type Row = Record<string, unknown> & { id: number | string };

/** Lists whose default filter hides records (inactive FAQs, gaps not open) are compared whole. */
const LIST_QUERIES: Readonly<Record<string, Record<string, string>>> = {
  '/knowledge/faqs': { include_inactive: 'true' },
  '/knowledge-gaps': { status: 'all' },
  '/recent-posts': { limit: '50' },
  '/recent-posts?platform=facebook': { limit: '50', platform: 'facebook' },
};

/** A receiver that answers 204 without a network: deliveries stay on 127.0.0.1 (nowhere at all). */
const webhookTransport = async () => ({ status: 204, body: '' });

async function all(sim: Simulator, path: string, key: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (;;) {
    const res = await sim.request({ path: path.split('?')[0]!, key, query: { limit: 100, ...LIST_QUERIES[path], ...(cursor ? { starting_after: cursor } : {}) } });
    if (res.status === 429) {
      sim.sandbox.clock.advance('61s');
      continue;
    }
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    const body = res.body as { data: Row[]; next_cursor: string | null };
    rows.push(...body.data);
    cursor = body.next_cursor;
    if (cursor === null) return rows;
  }
}

/** Every list the API offers an account, with the per-record lists under conversations and flows. */
async function lists(sim: Simulator, key: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of ['/tags', '/custom-fields', '/contacts', '/team', '/team/invitations', '/conversations', '/blocked-users', '/opt-outs', '/flows', '/appointments', '/knowledge/faqs', '/knowledge/services', '/knowledge/documents', '/knowledge-gaps', '/comment-triggers', '/webhooks/endpoints', '/media', '/competitors', '/recent-posts', '/recent-posts?platform=facebook', '/comments', '/flow-sessions', '/flow-events']) {
    sim.sandbox.clock.advance('61s');
    out[path] = await all(sim, path, key);
  }
  for (const conversation of out['/conversations'] as Row[]) {
    out[`/conversations/${conversation.id}/messages`] = await all(sim, `/conversations/${conversation.id}/messages`, key);
  }
  for (const flow of out['/flows'] as Row[]) {
    sim.sandbox.clock.advance('61s');
    out[`/flows/${flow.id}`] = (await sim.request({ path: `/flows/${flow.id}`, key })).body;
    if (flow.published_version !== null) {
      // The figures; per_node and nodes follow the definition, which is the draft in the pulled flow when one existed.
      const { summary, lifetime, outcomes, branches } = ((await sim.request({ path: `/flows/${flow.id}/analytics`, key, query: { range: 'all' } })).body as { data: Row }).data;
      out[`/flows/${flow.id}/analytics`] = { summary, lifetime, outcomes, branches };
    }
  }
  for (const session of out['/flow-sessions'] as Row[]) {
    out[`/flow-sessions/${session.id}/events`] = await all(sim, `/flow-sessions/${session.id}/events`, key);
  }
  for (const [path, query] of [['/ai/config', {}], ['/ai/channels', {}], ['/market-intel/history', { period: 90 }], ['/market-intel/leaderboard', {}], ['/market-intel/wins', {}]] as const) {
    sim.sandbox.clock.advance('61s');
    const res = await sim.request({ path, key, query });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    out[path] = (res.body as { data: unknown }).data;
  }
  sim.sandbox.clock.advance('61s');
  const account = (await sim.request({ path: '/account', key })).body as { data: { account: unknown; webhooks: unknown } };
  out['/account'] = account.data.account;
  out['/account webhooks'] = account.data.webhooks;
  out['/api-keys'] = (await all(sim, '/api-keys', key)).map(({ name, scope, revoked }) => ({ name, scope, revoked }));
  return out;
}

/**
 * What the API cannot give back: invite links (derived from key material it never shows), and
 * whether a flow's draft behaves differently from its published version (GET /flows/{id} shows
 * the draft when one exists, so the published definition behind a draft is not readable; the
 * pulled flow publishes the draft it saw). An appointment's meeting link and calendar event id
 * come from the connected calendar, whose connection no public GET shows (the pulled sandbox has
 * none, so they are null there); for the same reason a virtual service (honoured only with a
 * connected calendar) loads as not virtual.
 */
const NOT_READABLE = new Set([
  'invite_link', 'draft_behavior_changed', 'meeting_link', 'google_event_id', 'is_virtual',
  // Readable but not yet carried by the knowledge seed: a document is indexed at load time (docs/seed-pull.md).
  'last_embedded_at',
]);
/**
 * Per list: a media item's file is not pulled, so the pulled item serves a placeholder file of its
 * type, whose size, dimensions (and so URL token) are the placeholder's (docs/seed-pull.md).
 */
const NOT_READABLE_IN: Readonly<Record<string, readonly string[]>> = { '/media': ['size_bytes', 'width', 'height', 'url'] };
function comparableAt(path: string, value: unknown): unknown {
  const skip = new Set(NOT_READABLE_IN[path] ?? []);
  const rows = comparable(value);
  return Array.isArray(rows) && skip.size > 0
    ? rows.map((row) => Object.fromEntries(Object.entries(row as object).filter(([key]) => !skip.has(key))))
    : rows;
}
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !NOT_READABLE.has(key)).map(([key, inner]) => [key, comparable(inner)]));
  }
  return value;
}

/** The shape of a value: keys and types, strings and numbers as their type (for redacted comparisons). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return byId(value).map(shape);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  return value === null ? null : typeof value;
}

/** Lists ordered by a redacted value (the team, by name) compare by id. */
function byId(rows: unknown[]): unknown[] {
  const id = (row: unknown) => (typeof row === 'object' && row !== null ? String((row as { id?: unknown }).id ?? '') : '');
  return [...rows].sort((a, b) => id(a).localeCompare(id(b)));
}

let source: Simulator;
let server: RunningServer;
let dir: string;
let readKey: string;

beforeAll(async () => {
  source = createSimulator({ logger: silentLogger, clock: { frozenAt: T }, webhookTransport });
  readKey = source.accounts[0]!.keys.read!;
  const write = source.accounts[0]!.keys.full!;
  // Generated data on top of the default seed: more contacts than a page, with tags and values.
  for (let i = 0; i < 130; i++) {
    const res = await source.request({
      method: 'POST', path: '/contacts', key: write,
      body: { channel: 'sms', platform_user_id: `+1555020${String(1000 + i)}`, name: `Generated ${i}`, email: `gen${i}@example.test` },
    });
    if (res.status === 429) {
      source.sandbox.clock.advance('61s');
      i--;
      continue;
    }
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  }
  // Webhook endpoints (none in the default seed): one paused, one enabled with governance, filtered
  // to an event nothing in this test fires, and rotated once.
  const admin = source.accounts[0]!.keys.full!;
  source.sandbox.clock.advance('61s');
  const paused = await source.request({ method: 'POST', path: '/webhooks/endpoints', key: admin, body: { name: 'CRM sync', url: 'https://hooks.crm.example.test/in', governance: { attested: false, purpose: 'Sync contacts into our CRM', destination_owner: 'Atlas CRM team' } } });
  expect(paused.status, JSON.stringify(paused.body)).toBe(201);
  const live = await source.request({ method: 'POST', path: '/webhooks/endpoints', key: admin, body: { name: 'Comment desk', url: 'https://desk.receiver.example.test/hooks', events: ['comment.handled'], timeout_ms: 5000, max_attempts: 3, governance: { attested: true, purpose: 'Route handled comments to the desk', payload_profile: 'minimal' } } });
  expect(live.status, JSON.stringify(live.body)).toBe(201);
  const liveId = (live.body as { data: { id: number } }).data.id;
  expect((await source.request({ method: 'PATCH', path: `/webhooks/endpoints/${liveId}`, key: admin, body: { enabled: true } })).status).toBe(200);
  expect((await source.request({ method: 'POST', path: `/webhooks/endpoints/${liveId}/rotate-secret`, key: admin, body: {} })).status).toBe(200);
  source.sandbox.clock.advance('61s');
  server = await listen(source, { port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'seed-pull-'));
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function waiter() {
  // Waits move the source sandbox's clock (the pull's pacing costs no wall time in the suite).
  return virtualWaiter(async (ms) => void source.sandbox.clock.advance(`${Math.ceil(ms / 1000)}s`), 0);
}

describe('seed pull round trip', () => {
  it('with --redact none, every list endpoint of the pulled sandbox equals the source', async () => {
    const out = join(dir, 'plain.json');
    const summary = await pullSeed({ baseUrl: server.baseUrl, apiKey: readKey, out, groups: registry, redact: 'none', asOfMs: T_MS, waiter: waiter() });
    expect(existsSync(`${out}.partial`)).toBe(false);
    expect(existsSync(`${out}.pull-state.json`)).toBe(false);
    expect(summary.records['contacts']).toBeGreaterThan(130);
    expect(summary.pulled).toEqual(expect.arrayContaining(['webhooks', 'aiConfig', 'media', 'market']));
    const pulled = JSON.parse(readFileSync(out, 'utf8')) as { accounts: Record<string, unknown>[] };
    const [account] = pulled.accounts;
    expect((account!['webhook_endpoints'] as { enabled: boolean; signing_secret?: string }[]).map((endpoint) => endpoint.enabled).sort()).toEqual([false, true]);
    expect(JSON.stringify(account!['webhook_endpoints'])).not.toContain('whsec_');
    expect((account!['media'] as unknown[]).length).toBe(3);
    expect(account!['market']).toMatchObject({ login: 'full', insights_permission: true, profile: { username: 'atlas.outfitters' }, history_days: 30 });
    expect((account!['market'] as { competitors: unknown[] }).competitors).toHaveLength(9);
    expect(account!['timezone']).toBe('America/New_York');
    expect((account!['recent_posts'] as unknown[]).length).toBeGreaterThan(0);
    expect((account!['handled_comments'] as unknown[]).length).toBeGreaterThan(0);
    // Appointments answer "" for no notes (audit 7, M2); the seed leaves such notes out and keeps real ones.
    const appointmentNotes = (account!['appointments'] as { notes?: string }[]).map((appointment) => appointment.notes);
    expect(appointmentNotes).toContain(undefined);
    expect(appointmentNotes).toContain('Cancelled by phone.');
    expect(appointmentNotes).not.toContain('');
    // So do "" for no service and "0.00" for no cost (audit 12a, A1): left out, real ones kept.
    const appointments = account!['appointments'] as { service_type?: string; cost?: string }[];
    expect(appointments.map((appointment) => appointment.service_type)).toEqual(expect.arrayContaining([undefined, 'Consultation']));
    expect(appointments.map((appointment) => appointment.cost)).toEqual(expect.arrayContaining([undefined, '80.00', '120.00']));
    expect(appointments.map((appointment) => appointment.service_type)).not.toContain('');
    expect(appointments.map((appointment) => appointment.cost)).not.toContain('0.00');
    const copy = createSimulator({ logger: silentLogger, clock: { frozenAt: T }, webhookTransport, seed: JSON.parse(readFileSync(out, 'utf8')) });
    const before = comparable(await lists(source, readKey));
    const after = comparable(await lists(copy, copy.accounts[0]!.keys.read!));
    for (const path of Object.keys(before as object)) {
      expect(comparableAt(path, (after as Record<string, unknown>)[path]), path).toEqual(comparableAt(path, (before as Record<string, unknown>)[path]));
    }
    // The pulled state is one a restore accepts (ids under their sequences, references inside the account).
    expect(() => copy.restore(copy.snapshot())).not.toThrow();
  }, 120_000);

  it('redacted by default: same shape, counts, relations and states; no personal value survives', async () => {
    const out = join(dir, 'redacted.json');
    await pullSeed({ baseUrl: server.baseUrl, apiKey: readKey, out, groups: registry, redact: 'default', asOfMs: T_MS, waiter: waiter() });
    const text = readFileSync(out, 'utf8');
    const pick = (rows: Row[], keys: string[]) => rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));
    const config = (await source.request({ path: '/ai/config', key: readKey })).body as { data: { identity: { instructions: string; welcome_message: string }; comment_ai: { instructions: string } } };
    const aiFreeText = [config.data.identity.instructions, config.data.identity.welcome_message, config.data.comment_ai.instructions].filter((value) => value.length > 0);
    expect(aiFreeText.length).toBeGreaterThan(0);
    const newGroupsFreeText = [
      // appointments: customers, addresses, notes; knowledge gaps: what customers asked and what the AI said
      'Mia Torres', 'mia.torres@mail.test', 'Owen Clarke', 'Walk-in Visitor', '+15550190199', 'Cancelled by phone.',
      'Do you sell used gear?', 'My order arrived damaged', "I'm not sure about that one.", 'That answer about rentals was wrong',
      // webhook receivers and their governance, media captions, the market handle
      'hooks.crm.example.test', 'desk.receiver.example.test', 'Sync contacts into our CRM', 'Atlas CRM team', 'Route handled comments to the desk',
      'Our best-selling day pack, in ember.', 'Rental price list', 'atlas.outfitters',
      // handled comments: what commenters wrote and who they are
      'The worst delivery ever, still broken', 'grumpy.gus', 'ig_506', 'Love these boots, great quality!',
      ...aiFreeText,
    ];
    for (const secret of ['Grace Kim', '+15550190103', 'ig_seed_107', 'dana@atlas-outfitters.com', 'gen7@example.test', 'Generated 12', 'Test message from our own page', ...newGroupsFreeText]) {
      expect(text).not.toContain(secret);
    }
    const copy = createSimulator({ logger: silentLogger, clock: { frozenAt: T }, webhookTransport, seed: JSON.parse(text) });
    const before = (await lists(source, readKey)) as Record<string, Row[]>;
    const after = (await lists(copy, copy.accounts[0]!.keys.read!)) as Record<string, Row[]>;
    // The market's numbers are the world's for each handle: a redacted own handle has other numbers (same shape).
    const numbersOfTheWorld = new Set(['/market-intel/leaderboard', '/market-intel/wins', '/market-intel/history']);
    // So are its stored own posts, which the Instagram channel shows among its recent posts (audit 13b B10): compared without them.
    const storedOwnPosts = async (sim: Simulator, key: string) =>
      new Set(((await sim.request({ path: '/market-intel/top-posts', key, query: { limit: '50' } })).body as { data: Row[] }).data.map((post) => post.id));
    const beforeOwn = await storedOwnPosts(source, readKey);
    const afterOwn = await storedOwnPosts(copy, copy.accounts[0]!.keys.read!);
    before['/recent-posts'] = before['/recent-posts']!.filter((post) => !beforeOwn.has(post.id));
    after['/recent-posts'] = after['/recent-posts']!.filter((post) => !afterOwn.has(post.id));
    for (const path of Object.keys(before)) {
      if (numbersOfTheWorld.has(path)) continue;
      expect(shape(comparableAt(path, after[path])), path).toEqual(shape(comparableAt(path, before[path])));
    }
    expect(pick(after['/webhooks/endpoints']!, ['id', 'name', 'enabled', 'events', 'stats', 'created_at'])).toEqual(pick(before['/webhooks/endpoints']!, ['id', 'name', 'enabled', 'events', 'stats', 'created_at']));
    expect(pick(after['/media']!, ['id', 'category', 'mime_type', 'usage_count', 'created_at'])).toEqual(pick(before['/media']!, ['id', 'category', 'mime_type', 'usage_count', 'created_at']));
    expect(pick(after['/competitors']!, ['id', 'username', 'status'])).toEqual(pick(before['/competitors']!, ['id', 'username', 'status']));
    expect(pick(after['/comments']!, ['id', 'status', 'channel', 'post_id', 'sentiment', 'created_at'])).toEqual(pick(before['/comments']!, ['id', 'status', 'channel', 'post_id', 'sentiment', 'created_at']));
    const history = (rows: unknown) => (rows as { series: { is_own_account: boolean; points: unknown[] }[] }).series.map((series) => [series.is_own_account, series.points.length]);
    expect(history(after['/market-intel/history'])).toEqual(history(before['/market-intel/history']));
    expect(pick(after['/contacts']!, ['id', 'channel', 'stage', 'tags', 'created_at'])).toEqual(pick(before['/contacts']!, ['id', 'channel', 'stage', 'tags', 'created_at']));
    expect(pick(after['/appointments']!, ['id', 'status', 'conversation_id', 'contact_id', 'channel', 'datetime', 'timezone', 'created_at'])).toEqual(
      pick(before['/appointments']!, ['id', 'status', 'conversation_id', 'contact_id', 'channel', 'datetime', 'timezone', 'created_at']),
    );
    expect(pick(after['/knowledge-gaps']!, ['id', 'status', 'signal_type', 'conversation_id', 'occurrence_count'])).toEqual(
      pick(before['/knowledge-gaps']!, ['id', 'status', 'signal_type', 'conversation_id', 'occurrence_count']),
    );
    // Flow sessions keep their ids, flows, contacts, states and times; their events too.
    const sessionKeys = ['id', 'flow_id', 'flow_version', 'contact_id', 'status', 'end_reason', 'current_node_id', 'started_at', 'delay_until', 'window_expires_at'];
    expect(after['/flow-sessions']!.length).toBeGreaterThan(0);
    expect(pick(after['/flow-sessions']!, sessionKeys)).toEqual(pick(before['/flow-sessions']!, sessionKeys));
    expect(after['/flow-events']).toEqual(before['/flow-events']);
    expect(pick(after['/conversations']!, ['id', 'status', 'contact_id', 'assigned_to', 'ai_pause_reason'])).toEqual(
      pick(before['/conversations']!, ['id', 'status', 'contact_id', 'assigned_to', 'ai_pause_reason']),
    );
    // Relations survive: a conversation's identity is its contact's, redacted the same way.
    const contacts = new Map(after['/contacts']!.map((contact) => [contact.id, contact]));
    for (const conversation of after['/conversations']!) {
      const contact = contacts.get(conversation.contact_id as number);
      if (contact) expect(conversation.platform_user_id).toBe(contact.platform_user_id);
    }
  }, 120_000);

  it('keeps the created_at of tags, custom fields, team members and flows, not the load time', async () => {
    const out = join(dir, 'created.json');
    await pullSeed({ baseUrl: server.baseUrl, apiKey: readKey, out, groups: registry, only: ['tags', 'customFields', 'team', 'flows'], redact: 'none', asOfMs: T_MS, waiter: waiter() });
    // Loaded ten days later: without the pulled times, every created_at would read the load time.
    const later = new Date(T_MS + 10 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    const copy = createSimulator({ logger: silentLogger, clock: { frozenAt: later }, seed: JSON.parse(readFileSync(out, 'utf8')) });
    for (const path of ['/tags', '/custom-fields', '/team', '/flows']) {
      const times = (rows: Row[]) => rows.map((row) => [row.id, row.created_at]);
      const before = times(await all(source, path, readKey));
      expect(before.length, path).toBeGreaterThan(0);
      expect(times(await all(copy, path, copy.accounts[0]!.keys.read!)), path).toEqual(before);
    }
  }, 60_000);

  it('an interrupted pull leaves no seed file, and --resume completes it', async () => {
    const out = join(dir, 'resumed.json');
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      calls++;
      if (calls === 6) throw new TypeError('fetch failed: connection refused');
      return fetch(input, init);
    };
    // The target goes away after a few requests (the client retries, then gives up).
    const down: typeof fetch = async (input, init) => (calls++ > 5 ? Promise.reject(new TypeError('connect ECONNREFUSED')) : fetch(input, init));
    await expect(pullSeed({ baseUrl: server.baseUrl, apiKey: readKey, out, groups: registry, redact: 'default', asOfMs: T_MS, waiter: waiter(), fetch: down })).rejects.toThrow(PullError);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.pull-state.json`)).toBe(true);
    expect(statSync(`${out}.pull-state.json`).mode & 0o777).toBe(0o600);
    await expect(pullSeed({ baseUrl: server.baseUrl, apiKey: readKey, out, groups: registry, redact: 'default', waiter: waiter() })).rejects.toThrow(/--resume/);
    calls = 0;
    await pullSeed({ baseUrl: server.baseUrl, apiKey: readKey, out, groups: registry, redact: 'default', resume: true, waiter: waiter(), fetch: flaky });
    expect(existsSync(`${out}.pull-state.json`)).toBe(false);
    const seed = JSON.parse(readFileSync(out, 'utf8')) as { accounts: { contacts: unknown[] }[] };
    expect(seed.accounts[0]!.contacts.length).toBeGreaterThan(130);
    expect(() => createSimulator({ logger: silentLogger, seed })).not.toThrow();
  }, 120_000);

  it('a key the target refuses is a clear error, and nothing is written', async () => {
    const out = join(dir, 'refused.json');
    await expect(pullSeed({ baseUrl: server.baseUrl, apiKey: 'sbx_not_a_key_at_all', out, groups: registry, redact: 'none', waiter: waiter() })).rejects.toThrow(/401.*--api-key/);
    expect(existsSync(out)).toBe(false);
    writeFileSync(join(dir, 'x'), '');
  });

  it('--groups narrows the pull (the account always comes); groups without a pull are named', async () => {
    const out = join(dir, 'tags.json');
    const summary = await pullSeed({ baseUrl: server.baseUrl, apiKey: readKey, out, groups: registry, only: ['tags'], redact: 'none', limit: 3, waiter: waiter() });
    expect(summary.pulled).toEqual(['account', 'tags']);
    const seed = JSON.parse(readFileSync(out, 'utf8')) as { accounts: Record<string, unknown>[] };
    expect(Object.keys(seed.accounts[0]!)).toEqual(['id', 'business_name', 'plan', 'addon', 'timezone', 'api_keys', 'tags']);
    expect((seed.accounts[0]!['tags'] as unknown[]).length).toBe(3);
    await expect(pullSeed({ baseUrl: server.baseUrl, apiKey: readKey, out: join(dir, 'n.json'), groups: registry, only: ['nope'], redact: 'none' })).rejects.toThrow(/Unknown group/);
  });
});
