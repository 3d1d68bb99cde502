/**
 * The untouched default seed tells one possible history (audit 9c, Q2): nothing is created after
 * something happened to it, and a contact's activity times are what its seeded transcript says.
 * Read through the public API, across every account of the seed. The spec states none of these
 * orderings; they are what "a thing cannot happen to a record before it exists" implies
 * (docs/decisions.md, "Default seed: one consistent timeline").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const sim = createSimulator({ logger: silentLogger, rateLimit: 'off', clock: { frozenAt: '2026-03-01T12:00:00+00:00' } });
const DAY_MS = 86_400_000;

type Row = Record<string, unknown> & { id: number | string };

async function read(key: string, path: string): Promise<{ status: number; body: unknown }> {
  return sim.request({ path, key });
}

async function all(key: string, path: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const res = await sim.request({ path, key, query: { limit: '100', ...(cursor ? { starting_after: cursor } : {}) } });
    if (res.status !== 200) return rows;
    const body = res.body as { data: Row[]; next_cursor?: string | null };
    rows.push(...body.data);
    cursor = body.next_cursor ?? null;
  } while (cursor !== null);
  return rows;
}

const ms = (value: unknown): number => Date.parse(value as string);

/** What every account of the seed holds, read once (the seed is not changed by these tests). */
interface AccountView {
  readonly id: number;
  readonly key: string;
  readonly contacts: Map<number, Row>;
  readonly conversations: Row[];
  readonly messages: Map<number, Row[]>;
}

const views: AccountView[] = [];

beforeAll(async () => {
  for (const account of sim.accounts) {
    const key = account.keys.full!;
    const contacts = new Map((await all(key, '/contacts')).map((row) => [row.id as number, row]));
    const conversations = await all(key, '/conversations');
    const messages = new Map<number, Row[]>();
    for (const conversation of conversations) messages.set(conversation.id as number, await all(key, `/conversations/${conversation.id}/messages`));
    views.push({ id: account.id, key, contacts, conversations, messages });
  }
});

describe('the default seed tells one consistent timeline', () => {
  it('holds conversations, contacts and flows in several accounts (the checks below judge something)', () => {
    expect(views.filter((view) => view.conversations.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(views.reduce((sum, view) => sum + view.contacts.size, 0)).toBeGreaterThan(300);
  });

  it('every contact: created_at <= first_seen_at <= first_user_message_at <= last_seen_at', () => {
    let judged = 0;
    for (const view of views) {
      for (const contact of view.contacts.values()) {
        const label = `account ${view.id} contact ${contact.id}`;
        expect(ms(contact['created_at']), `${label}: created after first seen`).toBeLessThanOrEqual(ms(contact['first_seen_at']));
        expect(ms(contact['first_seen_at']), `${label}: last seen before first seen`).toBeLessThanOrEqual(ms(contact['last_seen_at']));
        if (contact['first_user_message_at'] !== null) {
          expect(ms(contact['first_seen_at']), `${label}: first message before first seen`).toBeLessThanOrEqual(ms(contact['first_user_message_at']));
          expect(ms(contact['first_user_message_at']), `${label}: last seen before first message`).toBeLessThanOrEqual(ms(contact['last_seen_at']));
        }
        judged++;
      }
    }
    expect(judged).toBeGreaterThan(300);
  });

  it("a contact's first_user_message_at and last_seen_at are its transcript's first and last inbound message", () => {
    let judged = 0;
    for (const view of views) {
      for (const conversation of view.conversations) {
        const contact = view.contacts.get(conversation['contact_id'] as number)!;
        const inbound = view.messages.get(conversation.id as number)!.filter((message) => message['direction'] === 'inbound').map((message) => ms(message['created_at']));
        const label = `account ${view.id} conversation ${conversation.id} contact ${contact.id}`;
        if (inbound.length === 0) {
          expect(contact['first_user_message_at'], `${label}: no inbound message`).toBeNull();
          continue;
        }
        expect(ms(contact['first_user_message_at']), `${label}: first_user_message_at`).toBe(Math.min(...inbound));
        expect(ms(contact['last_seen_at']), `${label}: last_seen_at`).toBe(Math.max(...inbound));
        judged++;
      }
    }
    expect(judged).toBeGreaterThanOrEqual(15);
  });

  it('no conversation is older than its contact, and no message older than its conversation', () => {
    for (const view of views) {
      for (const conversation of view.conversations) {
        const contact = view.contacts.get(conversation['contact_id'] as number)!;
        const label = `account ${view.id} conversation ${conversation.id}`;
        expect(ms(contact['created_at']), `${label}: contact ${contact.id} created after it`).toBeLessThanOrEqual(ms(conversation['created_at']));
        for (const message of view.messages.get(conversation.id as number)!) {
          expect(ms(conversation['created_at']), `${label}: message ${message.id} before it`).toBeLessThanOrEqual(ms(message['created_at']));
        }
      }
    }
  });

  it("a contact's tags and custom fields were defined no later than the contact was last updated", async () => {
    let judged = 0;
    for (const view of views) {
      const tags = new Map((await all(view.key, '/tags')).map((tag) => [tag['name'] as string, ms(tag['created_at'])]));
      const fieldsRes = await sim.request({ path: '/custom-fields', key: view.key, query: { include_archived: 'true' } });
      const fields = new Map(fieldsRes.status === 200 ? ((fieldsRes.body as { data: Row[] }).data.map((field) => [field['field_key'] as string, ms(field['created_at'])]) as [string, number][]) : []);
      for (const contact of view.contacts.values()) {
        const label = `account ${view.id} contact ${contact.id}`;
        for (const name of contact['tags'] as string[]) {
          expect(tags.get(name)!, `${label}: tag ${name} created after the contact last changed`).toBeLessThanOrEqual(ms(contact['updated_at']));
          judged++;
        }
        for (const key of Object.keys(contact['custom_fields'] as Record<string, unknown>)) {
          expect(fields.get(key)!, `${label}: field ${key} created after the contact last changed`).toBeLessThanOrEqual(ms(contact['updated_at']));
          judged++;
        }
      }
    }
    expect(judged).toBeGreaterThan(300);
  });

  it('a team member exists before the messages they sent and the threads assigned to them last changed', async () => {
    let judged = 0;
    for (const view of views) {
      const members = await all(view.key, '/team');
      const byName = new Map(members.map((member) => [member['name'] as string, member]));
      const byId = new Map(members.map((member) => [member.id as number, member]));
      for (const conversation of view.conversations) {
        const assignee = byId.get(conversation['assigned_to'] as number);
        if (assignee) {
          expect(ms(assignee['created_at']), `account ${view.id} conversation ${conversation.id}: assignee ${assignee.id} created after it changed`).toBeLessThanOrEqual(ms(conversation['updated_at']));
          judged++;
        }
        for (const message of view.messages.get(conversation.id as number)!) {
          const sender = message['sender_type'] === 'agent' ? byName.get(message['sender_name'] as string) : undefined;
          if (!sender) continue;
          expect(ms(sender['created_at']), `account ${view.id} message ${message.id}: sender ${sender.id} created after it`).toBeLessThanOrEqual(ms(message['created_at']));
          judged++;
        }
      }
    }
    expect(judged).toBeGreaterThan(0);
  });

  it("a flow exists, and its versions are published, before any of its sessions starts; a session's conversation and contact exist before it", async () => {
    let judged = 0;
    for (const view of views) {
      const flows = new Map((await all(view.key, '/flows')).map((flow) => [flow.id as number, flow]));
      const sessions = await all(view.key, '/flow-sessions');
      for (const session of sessions) {
        const flow = flows.get(session['flow_id'] as number)!;
        const label = `account ${view.id} session ${session.id} (flow ${flow.id})`;
        expect(ms(flow['created_at']), `${label}: flow created after it started`).toBeLessThanOrEqual(ms(session['started_at']));
        const analytics = (await read(view.key, `/flows/${flow.id}/analytics`)).body as { data: { versions: { version: number; published_at: string }[] } };
        const version = analytics.data.versions.find((candidate) => candidate.version === session['flow_version'])!;
        expect(ms(version.published_at), `${label}: version ${version.version} published after it started`).toBeLessThanOrEqual(ms(session['started_at']));
        const contact = view.contacts.get(session['contact_id'] as number)!;
        expect(ms(contact['created_at']), `${label}: contact ${contact.id} created after it started`).toBeLessThanOrEqual(ms(session['started_at']));
        judged++;
      }
      for (const flow of flows.values()) {
        if (flow['published_version'] === null) continue;
        const analytics = (await read(view.key, `/flows/${flow.id}/analytics`)).body as { data: { versions: { published_at: string }[] } };
        for (const version of analytics.data.versions) {
          expect(ms(flow['created_at']), `account ${view.id} flow ${flow.id}: version published before the flow existed`).toBeLessThanOrEqual(ms(version.published_at));
        }
      }
    }
    expect(judged).toBeGreaterThanOrEqual(5);
  });

  it("a comment trigger exists before it last fired, and its 7- and 30-day counts agree with last_fired_at", async () => {
    let fired = 0;
    const now = ms(sim.sandbox.clock.now());
    for (const view of views) {
      for (const trigger of await all(view.key, '/comment-triggers')) {
        const label = `account ${view.id} trigger ${trigger.id}`;
        const stats = ((await read(view.key, `/comment-triggers/${trigger.id}/stats`)).body as { data: Record<string, number | string | null> }).data;
        const last = stats['last_fired_at'];
        if (last === null) {
          expect(stats['fires_last_30_days'], label).toBe(0);
          continue;
        }
        fired++;
        expect(ms(trigger['created_at']), `${label}: created after it last fired`).toBeLessThanOrEqual(ms(last));
        const since = now - ms(last);
        // The last fire is inside a window exactly when that window counts at least one fire.
        expect((stats['fires_last_7_days'] as number) > 0, `${label}: fires_last_7_days vs last_fired_at ${last}`).toBe(since < 7 * DAY_MS);
        expect((stats['fires_last_30_days'] as number) > 0, `${label}: fires_last_30_days vs last_fired_at ${last}`).toBe(since < 30 * DAY_MS);
      }
    }
    expect(fired).toBeGreaterThan(0);
  });

  it("a post's media exist no later than the post, and the post no later than its publication", async () => {
    let judged = 0;
    for (const view of views) {
      for (const post of await all(view.key, '/posts')) {
        const label = `account ${view.id} post ${post.id}`;
        if (post['published_at'] !== null) expect(ms(post['created_at']), `${label}: created after it was published`).toBeLessThanOrEqual(ms(post['published_at']));
        for (const media of post['media'] as Row[]) {
          expect(ms(media['created_at']), `${label}: media ${media.id} created after the post`).toBeLessThanOrEqual(ms(post['created_at']));
          judged++;
        }
      }
    }
    expect(judged).toBeGreaterThan(5);
  });

  it('an appointment is booked after the conversation and contact it was booked from exist', async () => {
    let judged = 0;
    for (const view of views) {
      const conversations = new Map(view.conversations.map((conversation) => [conversation.id as number, conversation]));
      for (const appointment of await all(view.key, '/appointments')) {
        const label = `account ${view.id} appointment ${appointment.id}`;
        if (appointment['conversation_id'] !== null) {
          const conversation = conversations.get(appointment['conversation_id'] as number)!;
          expect(ms(conversation['created_at']), `${label}: conversation ${conversation.id} created after it`).toBeLessThanOrEqual(ms(appointment['created_at']));
          judged++;
        }
        if (appointment['contact_id'] !== null) {
          const contact = view.contacts.get(appointment['contact_id'] as number)!;
          expect(ms(contact['created_at']), `${label}: contact ${contact.id} created after it`).toBeLessThanOrEqual(ms(appointment['created_at']));
        }
      }
    }
    expect(judged).toBeGreaterThanOrEqual(5);
  });

  it("an opt-out is recorded after its contact exists", async () => {
    let judged = 0;
    for (const view of views) {
      for (const optOut of await all(view.key, '/opt-outs')) {
        if (optOut['contact_id'] === null) continue;
        const contact = view.contacts.get(optOut['contact_id'] as number)!;
        expect(ms(contact['created_at']), `account ${view.id} opt-out ${optOut.id}: contact ${contact.id} created after it`).toBeLessThanOrEqual(ms(optOut['recorded_at']));
        judged++;
      }
    }
    expect(judged).toBeGreaterThanOrEqual(2);
  });
});

describe('creation times a seed states (created_at, created_ago)', () => {
  const FROZEN = '2026-03-01T12:00:00+00:00';
  const account = (extra: Record<string, unknown>) => ({
    format: 'switchboard-seed',
    version: 1,
    accounts: [{ id: 7, business_name: 'Timeline', plan: 'business', addon: 'active', api_keys: [{ name: 'full', scope: 'full', key: 'sbx_timeline_full' }], ...extra }],
  });

  it('keeps an absolute created_at, places created_ago before the load time, and defaults to the load time', async () => {
    const seed = account({
      tags: [{ name: 'kept', created_at: '2025-12-24T08:00:00+00:00' }, { name: 'relative', created_ago: '3d' }, { name: 'now' }],
      contacts: [
        { channel: 'sms', platform_user_id: '+15550000001', created_at: '2026-01-02T00:00:00+00:00', last_seen_at: '2026-02-01T00:00:00+00:00' },
        { channel: 'sms', platform_user_id: '+15550000002', created_ago: '2d' },
      ],
      conversations: [
        // An existing contact is left as the seed states it; a new one starts with its thread.
        { channel: 'sms', platform_user_id: '+15550000001', messages: [{ sender_type: 'user', text: 'hi', ago: '1h' }] },
        { channel: 'sms', platform_user_id: '+15550000003', created_ago: '5d', messages: [{ sender_type: 'bot', text: 'hello', ago: '4d' }, { sender_type: 'user', text: 'a', ago: '3d' }, { sender_type: 'user', text: 'b', ago: '2h' }] },
      ],
    });
    const local = createSimulator({ logger: silentLogger, rateLimit: 'off', seed, clock: { frozenAt: FROZEN } });
    const key = 'sbx_timeline_full';
    const tags = ((await local.request({ path: '/tags', key })).body as { data: Row[] }).data;
    expect(Object.fromEntries(tags.map((tag) => [tag['name'], tag['created_at']]))).toEqual({
      kept: '2025-12-24T08:00:00+00:00',
      relative: '2026-02-26T12:00:00+00:00',
      now: FROZEN,
    });
    const contacts = ((await local.request({ path: '/contacts', key })).body as { data: Row[] }).data;
    const byNumber = new Map(contacts.map((contact) => [contact['platform_user_id'], contact]));
    expect(byNumber.get('+15550000001')).toMatchObject({ created_at: '2026-01-02T00:00:00+00:00', last_seen_at: '2026-02-01T00:00:00+00:00' });
    expect(byNumber.get('+15550000002')).toMatchObject({ created_at: '2026-02-27T12:00:00+00:00', first_user_message_at: '2026-02-27T12:00:00+00:00' });
    expect(byNumber.get('+15550000003')).toMatchObject({
      created_at: '2026-02-24T12:00:00+00:00',
      first_seen_at: '2026-02-24T12:00:00+00:00',
      first_user_message_at: '2026-02-26T12:00:00+00:00',
      last_seen_at: '2026-03-01T10:00:00+00:00',
    });
  });

  it('refuses an item that states both, naming created_ago', () => {
    const seed = account({ tags: [{ name: 'both', created_at: '2026-01-01T00:00:00+00:00', created_ago: '1d' }] });
    expect(() => createSimulator({ logger: silentLogger, seed })).toThrow(/\$\.accounts\[0\]\.tags\[0\]\.created_ago: give created_at or created_ago, not both/);
  });
});
