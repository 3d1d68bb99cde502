/**
 * The default seed is one world (audit 13b B1, B1a-c, B2, B4): every seeded flow run's entry
 * message, answers and bot sends are lines of its conversation, and what the runs did shows on
 * their contacts, appointments, flow counters, comment trigger counters and the overview, all read
 * back through the API as a grader would. Expectations are derived from the transcripts and the
 * events, never from copied numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';

type Json = Record<string, unknown>;
interface Line { id: number; direction: string; sender_type: string; sender_name: string | null; type: string; text: string | null; created_at: string }
interface Node { id: string; type: string; config: Json }
interface Event { id: number; type: string; node_key: string | null; node_type: string | null; input_type: string | null; occurred_at: string }

const AT = '2026-11-25T00:00:00+00:00';
/** Lines the runtime sends are signed so (src/resources/flow-runtime/engine.ts `send`). */
const AUTOMATION = 'Automation';
/** Node types that send a line when entered (engine.ts `enter`); ai_reply waits and answers later. */
const SENDS_ON_ENTRY = new Set(['message', 'collect_input', 'book_appointment']);

let sim: Simulator;
const dataOf = <T>(response: { status: number; body: unknown }): T => (response.body as { data: T }).data;

async function all<T>(key: string, path: string, query: Record<string, string> = {}): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const response = await sim.request({ path, key, query: { ...query, limit: '100', ...(cursor ? { cursor } : {}) } });
    expect(response.status, path).toBe(200);
    const body = response.body as { data: T[]; next_cursor: string | null };
    out.push(...body.data);
    cursor = body.next_cursor;
  } while (cursor);
  return out;
}

/** One account read the way a grader crawls it. */
async function crawl(key: string) {
  const flows = await all<Json>(key, '/flows');
  const singles = new Map<number, { tag_id: number | null; definition: { nodes: Node[] } }>();
  for (const flow of flows) singles.set(flow['id'] as number, dataOf(await sim.request({ path: `/flows/${flow['id']}`, key })));
  const sessions = await all<Json>(key, '/flow-sessions');
  const events = new Map<number, Event[]>();
  for (const session of sessions) events.set(session['id'] as number, await all<Event>(key, `/flow-sessions/${session['id']}/events`));
  const conversations = await all<Json>(key, '/conversations');
  const lines = new Map<number, Line[]>();
  for (const conversation of conversations) lines.set(conversation['id'] as number, (await all<Line>(key, `/conversations/${conversation['id']}/messages`)).reverse());
  const contacts = new Map<number, Json>();
  for (const session of sessions) contacts.set(session['contact_id'] as number, dataOf<Json>(await sim.request({ path: `/contacts/${session['contact_id']}`, key })));
  const appointments = await all<Json>(key, '/appointments');
  const tags = await all<Json>(key, '/tags');
  const overview = dataOf<Json>(await sim.request({ path: '/analytics/overview', key }));
  return { flows, singles, sessions, events, conversations, lines, contacts, appointments, tags, overview };
}

type World = Awaited<ReturnType<typeof crawl>>;
const worlds: { account: number; world: World }[] = [];

beforeAll(async () => {
  sim = createSimulator({ logger: silentLogger, clock: { frozenAt: AT }, rateLimit: 'off' });
  for (const [index, account] of sim.accounts.entries()) {
    const probe = await sim.request({ path: '/flows', key: account.keys.full! });
    if (probe.status === 200) worlds.push({ account: index + 1, world: await crawl(account.keys.full!) });
  }
});
afterAll(() => sim.close());

function runOf(world: World, session: Json) {
  const conversation = world.conversations.find((c) => c['contact_id'] === session['contact_id'] && c['channel'] === session['channel']);
  expect(conversation, `session ${session['id']}: its conversation`).toBeDefined();
  const lines = world.lines.get(conversation!['id'] as number)!;
  const nodes = world.singles.get(session['flow_id'] as number)!.definition.nodes;
  const events = world.events.get(session['id'] as number)!;
  return { conversation: conversation!, lines, nodes, events, contact: world.contacts.get(session['contact_id'] as number)!, node: (key: string | null) => nodes.find((n) => n.id === key) };
}

describe('the default seed: flow runs are in the transcripts (B1)', () => {
  it('has runs to check', () => {
    expect(worlds.flatMap(({ world }) => world.sessions).length).toBeGreaterThanOrEqual(7);
  });

  it('every keyword entry is an inbound line at the start that contains its keyword', () => {
    for (const { world } of worlds) {
      for (const session of world.sessions) {
        const attribution = session['attribution'] as { matched_keyword: string | null; comment_id: unknown };
        if (attribution.matched_keyword === null || attribution.comment_id !== null) continue; // a referral or a comment writes no line (decision L3)
        const { lines } = runOf(world, session);
        const entry = lines.filter((line) => line.direction === 'inbound' && line.created_at === session['started_at']);
        expect(entry.some((line) => line.text?.toLowerCase().includes(attribution.matched_keyword!.toLowerCase())), `session ${session['id']} entry with "${attribution.matched_keyword}"`).toBe(true);
      }
    }
  });

  it('every answer is the customer’s line at its instant: a tap is a postback line with the button’s title', () => {
    for (const { world } of worlds) {
      for (const session of world.sessions) {
        const { lines, events, node } = runOf(world, session);
        events.forEach((event, index) => {
          if (event.type !== 'input_received') return;
          const at = lines.filter((line) => line.direction === 'inbound' && line.sender_type === 'user' && line.created_at === event.occurred_at);
          expect(at.length, `session ${session['id']} input #${event.id}`).toBeGreaterThan(0);
          if (event.input_type !== 'button') return;
          const exit = events.slice(index).find((later) => later.type === 'node_exited' && later.node_key === event.node_key)!;
          const buttons = ((node(event.node_key)!.config['buttons'] as { type: string; title: string }[]) ?? []).filter((button) => button.type === 'postback');
          const title = buttons[Number(/output_(\d+)/.exec(String((exit as unknown as Json)['output_port']))![1]) - 1]!.title;
          expect(at.map((line) => [line.type, line.text]), `session ${session['id']} tap #${event.id}`).toContainEqual(['postback', title]);
        });
      }
    }
  });

  it('every node that sends on entry has its Automation line at that instant', () => {
    let sends = 0;
    for (const { world } of worlds) {
      for (const session of world.sessions) {
        const { lines, events } = runOf(world, session);
        for (const event of events) {
          if (event.type !== 'node_entered' || !SENDS_ON_ENTRY.has(event.node_type ?? '')) continue;
          sends++;
          const sent = lines.some((line) => line.sender_type === 'bot' && line.sender_name === AUTOMATION && line.created_at === event.occurred_at);
          expect(sent, `session ${session['id']} node ${event.node_key} entered #${event.id}`).toBe(true);
        }
      }
    }
    expect(sends).toBeGreaterThanOrEqual(11);
  });

  it('every conversation with runs existed before them, and its contact’s first and last inbound are its transcript’s (B1a)', () => {
    for (const { world } of worlds) {
      for (const session of world.sessions) {
        const { conversation, lines, contact } = runOf(world, session);
        expect(conversation['created_at'] as string <= (session['started_at'] as string), `session ${session['id']}`).toBe(true);
        const inbound = lines.filter((line) => line.direction === 'inbound').map((line) => line.created_at).sort();
        expect(contact['first_user_message_at'], `contact ${contact['id']}`).toBe(inbound[0]);
        expect(contact['last_seen_at'], `contact ${contact['id']}`).toBe(inbound[inbound.length - 1]);
        expect(contact['first_seen_at'] as string <= (session['started_at'] as string)).toBe(true);
        if (session['last_user_message_at'] !== null) {
          expect(contact['first_user_message_at'] as string <= (session['last_user_message_at'] as string), `contact ${contact['id']} wrote in session ${session['id']}`).toBe(true);
        }
      }
    }
  });

  it('every session’s last_user_message_at is its transcript’s last customer line up to the session’s end, a tap’s postback line included (decision L3)', () => {
    let checked = 0;
    for (const { world } of worlds) {
      for (const session of world.sessions) {
        const { lines, events } = runOf(world, session);
        // An open session hears every line the customer writes; an ended one stopped at its last event.
        const open = session['status'] === 'waiting_input' || session['status'] === 'delayed';
        const until = open ? AT : events[events.length - 1]!.occurred_at;
        const customer = lines.filter((line) => line.direction === 'inbound' && line.sender_type === 'user' && line.created_at <= until).map((line) => line.created_at).sort();
        const last = customer[customer.length - 1] ?? null;
        expect(session['last_user_message_at'] === null ? null : Date.parse(session['last_user_message_at'] as string), `session ${session['id']}`).toBe(last === null ? null : Date.parse(last));
        // An open session's window closes 24 h after that line (every flow channel of the seed has a window).
        if (open && last !== null) expect(Date.parse(session['window_expires_at'] as string), `session ${session['id']} window`).toBe(Date.parse(last) + 86_400_000);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(7);
  });

  it('an appointment a run booked was created at the booking (B1b)', () => {
    let booked = 0;
    for (const { world } of worlds) {
      for (const session of world.sessions) {
        const { conversation, events } = runOf(world, session);
        for (const event of events.filter((e) => e.type === 'outcome_achieved' && e.node_type === 'book_appointment')) {
          booked++;
          const made = world.appointments.filter((appointment) => appointment['conversation_id'] === conversation['id'] && appointment['created_at'] === event.occurred_at);
          expect(made.length, `session ${session['id']} booking #${event.id}`).toBe(1);
        }
      }
    }
    expect(booked).toBeGreaterThan(0);
  });
});

describe('the default seed: what the runs did (B2)', () => {
  it('the flow’s tag, the tag actions, the collected email and mark_lead show on the contact', () => {
    let checked = 0;
    for (const { world } of worlds) {
      for (const session of world.sessions) {
        const { lines, events, contact, node } = runOf(world, session);
        const flow = world.singles.get(session['flow_id'] as number)!;
        const contactTags = contact['tags'] as string[];
        if (flow.tag_id !== null) {
          const tag = world.tags.find((t) => t['id'] === flow.tag_id)!;
          expect(contactTags, `contact ${contact['id']} entered flow ${session['flow_id']}`).toContain(tag['name']);
          checked++;
        }
        for (const event of events) {
          const config = node(event.node_key)?.config ?? {};
          if (event.type === 'node_entered' && event.node_type === 'action' && config['action_type'] === 'tag_conversation') {
            expect(contactTags, `contact ${contact['id']} tag action #${event.id}`).toContain(config['tag_value']);
            checked++;
          }
          if (event.type === 'node_entered' && event.node_type === 'action' && config['action_type'] === 'mark_lead') {
            expect(['new', 'contacted'], `contact ${contact['id']} marked #${event.id}`).not.toContain(contact['stage']);
            checked++;
          }
          if (event.type === 'input_received' && event.node_type === 'collect_input' && config['input_type'] === 'email') {
            const typed = lines.find((line) => line.direction === 'inbound' && line.created_at === event.occurred_at)!;
            expect(contact['email'], `contact ${contact['id']} email #${event.id}`).toBe(typed.text!.trim().toLowerCase());
            const conversation = world.conversations.find((c) => c['contact_id'] === contact['id'])!;
            expect(conversation['lead_email']).toBe(contact['email']);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(7);
  });
});

describe('the default seed: counters count what happened (B4, B1c)', () => {
  it('each flow’s stats are its sessions: entries, completions, analytics lifetime and overview all_time agree', async () => {
    for (const { account, world } of worlds) {
      const key = sim.accounts[account - 1]!.keys.full!;
      const entries = (world.overview['flows'] as { id: number; entries: { all_time: number } }[]) ?? [];
      for (const flow of world.flows) {
        const own = world.sessions.filter((session) => session['flow_id'] === flow['id']);
        const completed = own.filter((session) => session['status'] === 'completed').length;
        const label = `account ${account} flow ${flow['id']}`;
        expect(flow['stats'], label).toMatchObject({ entries: own.length, completions: completed });
        if (flow['published_version'] !== null) {
          const lifetime = dataOf<{ lifetime: Json }>(await sim.request({ path: `/flows/${flow['id']}/analytics`, key, query: { range: 'all' } })).lifetime;
          expect(lifetime, label).toMatchObject({ runs: own.length, completed });
        }
        const row = entries.find((candidate) => candidate.id === flow['id']);
        if (row) expect(row.entries.all_time, label).toBe(own.length);
      }
    }
  });

  it('each comment trigger’s fires are the overview’s all-time fires', async () => {
    let fired = 0;
    for (const { account, world } of worlds) {
      const key = sim.accounts[account - 1]!.keys.full!;
      const listed = await sim.request({ path: '/comment-triggers', key, query: { limit: '100' } });
      if (listed.status !== 200) continue;
      const standalone = (world.overview['comment_triggers'] as { id: number; fires: { all_time: number } }[]) ?? [];
      for (const trigger of dataOf<Json[]>(listed)) {
        const fires = (trigger['stats'] as { fires: number }).fires;
        fired += fires;
        const stats = dataOf<Json>(await sim.request({ path: `/comment-triggers/${trigger['id']}/stats`, key }));
        expect(stats['fires']).toBe(fires);
        const last = (trigger['stats'] as { last_fired_at: string | null }).last_fired_at;
        const within30 = last !== null && Date.parse(AT) - Date.parse(last) < 30 * 86_400_000;
        if (!within30) expect(stats['fires_last_30_days'], `trigger ${trigger['id']}`).toBe(0);
        const row = standalone.find((candidate) => candidate.id === trigger['id']);
        if (row) expect(row.fires.all_time, `account ${account} trigger ${trigger['id']}`).toBe(fires);
      }
    }
    expect(fired).toBeGreaterThan(0);
  });

  it('the overview counts the transcripts’ lines in its window, the runs’ lines as automation replies', () => {
    for (const { account, world } of worlds) {
      const window = world.overview['window'] as { current_from: string };
      const inWindow = [...world.lines.values()].flat().filter((line) => line.created_at >= window.current_from && line.created_at <= AT);
      const messages = world.overview['messages'] as { inbound: { current: number }; outbound: { current: number } };
      const replies = world.overview['replies'] as { ai: { current: number }; automation: { current: number } };
      const label = `account ${account}`;
      expect(messages.inbound.current, label).toBe(inWindow.filter((line) => line.direction === 'inbound').length);
      expect(messages.outbound.current, label).toBe(inWindow.filter((line) => line.direction === 'outbound').length);
      const answers = inWindow.filter((line) => line.direction === 'outbound' && line.sender_type !== 'agent');
      const automation = answers.filter((line) => line.sender_type !== 'bot' || line.sender_name === AUTOMATION).length;
      expect(replies.automation.current, label).toBe(automation);
      expect(replies.ai.current, label).toBe(answers.length - automation);
      // The runs' sends in the window are among them.
      const sends = world.sessions.flatMap((session) => world.events.get(session['id'] as number)!)
        .filter((event) => event.type === 'node_entered' && SENDS_ON_ENTRY.has(event.node_type ?? '') && event.occurred_at >= window.current_from).length;
      expect(replies.automation.current, label).toBeGreaterThanOrEqual(sends);
    }
  });
});
