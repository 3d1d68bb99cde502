/**
 * The flow runtime (2.11, 2.12, 2.13, 4.8): sessions newest first, /flow-events by ascending id, a
 * session's events oldest first (by occurred_at), no
 * message text in events, analytics per published version.
 *
 * Read-only on real data: the shapes and ordering of whatever sessions and events the account
 * has (empty lists pass on their envelope). Against the simulator (`safe`): one end-to-end run driven through
 * the sandbox's inbound messages: a flow is created and published (twice, for two versions), two
 * customers write its keyword, one answers; then sessions, events and analytics are judged, and
 * the flow and both contacts are deleted.
 */
import { FlowAnalytics, FlowEvent, FlowSession } from '../../src/resources/flow-runtime/schemas.js';
import type { KitResponse } from '../http/client.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectShape, expectStatus, fail, readData, readList } from '../runner/expect.js';
import { act, CATALOGUE, leadCapture, retire, setupFlow, word } from './flows/client.js';
import { costOf } from './helpers.js';
import { inbound } from './sandbox.js';

const group = 'flow-runtime';
const SESSIONS = 'GET /flow-sessions';
const SESSION_EVENTS = 'GET /flow-sessions/{id}/events';
const EVENTS = 'GET /flow-events';
const ANALYTICS = 'GET /flows/{id}/analytics';
/**
 * 2.12's fields. 2.12 lists them and says an event never stores message text; it does not say no
 * other key may appear (2.1 lets resources grow), so "only these keys" is flow-runtime.event-keys
 * (assumption) and the spec checks look for the text itself.
 */
const EVENT_KEYS = new Set(['id', 'session_id', 'flow_id', 'flow_version', 'type', 'node_key', 'node_type', 'output_port', 'input_type', 'end_reason', 'occurred_at']);

type Json = Record<string, unknown>;

/**
 * How a page of events must be ordered. 4.8 states "events by ascending id across sessions" for
 * GET /flow-events only; a session's events are "oldest first", by time, and 2.1 does not say ids
 * grow with time: there `occurred_at` must never go backwards (ties in any order).
 */
type EventOrder = 'ascending-id' | 'oldest-first';

/** Judges a page of events: the 2.12 keys present in shape, no text the customer typed, in `order`. */
function judgeEvents(response: KitResponse, what: string, order: EventOrder, forbidden: readonly string[] = []): Json[] {
  const events = readList(response, what).data as Json[];
  for (const event of events) {
    expectShape(event, FlowEvent, `flow event (2.12) in ${what}`, response);
    const wire = JSON.stringify(event);
    for (const text of forbidden) if (wire.includes(text)) fail(`${what}: an event contains text the customer typed ("${text}")`, response);
  }
  for (let i = 1; i < events.length; i++) {
    const [before, after] = [events[i - 1]!, events[i]!];
    if (order === 'ascending-id' && (after['id'] as number) <= (before['id'] as number)) fail(`${what}: event ids must ascend (${before['id']} then ${after['id']})`, response);
    if (order === 'oldest-first' && Date.parse(after['occurred_at'] as string) < Date.parse(before['occurred_at'] as string)) {
      fail(`${what}: events must be oldest first (item ${i} occurred_at ${String(after['occurred_at'])} comes after ${String(before['occurred_at'])})`, response);
    }
  }
  return events;
}

async function analytics(ctx: CheckContext, flowId: number, query: Record<string, string> = {}) {
  const response = await ctx.send({ path: `/flows/${flowId}/analytics`, query });
  expectStatus(response, 200, `GET /flows/${flowId}/analytics`);
  return { response, data: expectShape(readData(response, ANALYTICS), FlowAnalytics, 'flow analytics (2.13)', response) };
}

export const flowRuntimeChecks: CheckDefinition[] = [
  {
    id: 'flow-runtime.read-shapes',
    title: 'Sessions newest first in the 2.11 shape; events by ascending id with the 2.12 fields',
    clause: '4.8',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [SESSIONS, EVENTS],
    cost: costOf(3),
    async run(ctx) {
      const sessions = await ctx.send({ path: '/flow-sessions', query: { limit: 5 } });
      expectStatus(sessions, 200, SESSIONS);
      const rows = readList(sessions, SESSIONS).data as Json[];
      for (const row of rows) expectShape(row, FlowSession, 'flow session (2.11)', sessions);
      for (let i = 1; i < rows.length; i++) {
        if ((rows[i]!['started_at'] as string) > (rows[i - 1]!['started_at'] as string)) fail(`${SESSIONS}: sessions must be newest first`, sessions);
      }
      const events = await ctx.send({ path: '/flow-events', query: { limit: 50 } });
      expectStatus(events, 200, EVENTS);
      // An account without sessions still answers both lists in shape (empty pages pass).
      judgeEvents(events, EVENTS, 'ascending-id');
    },
  },
  {
    id: 'flow-runtime.event-keys',
    title: 'Flow events carry only the 2.12 fields (no key that could hold message text)',
    clause: '2.12',
    // 2.12 lists the fields and forbids message text; that nothing else appears is our reading.
    level: 'assumption',
    group,
    profile: 'read-only',
    routes: [EVENTS],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/flow-events', query: { limit: 50 } });
      expectStatus(response, 200, EVENTS);
      for (const event of judgeEvents(response, EVENTS, 'ascending-id')) {
        const extra = Object.keys(event).filter((key) => !EVENT_KEYS.has(key));
        if (extra.length > 0) fail(`${EVENTS}: event ${String(event['id'])} has keys beyond 2.12 (${extra.join(', ')}); our choice is the 2.12 fields only`, response);
      }
    },
  },
  {
    id: 'flow-runtime.end-to-end',
    title: 'A keyword DM runs a published flow: the session waits, the answer completes it, events never hold the text, analytics count only their version',
    clause: '2.12',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [SESSIONS, SESSION_EVENTS, EVENTS, ANALYTICS],
    cost: costOf(16),
    async run(ctx) {
      const keyword = word(ctx, 'rt');
      const flow = await setupFlow(ctx, keyword);
      try {
        const published = await act(ctx, flow.id, 'publish');
        expectStatus(published, 200, `POST /flows/${flow.id}/publish`);
        if ((readData(published, 'publish')['status'] as string) !== 'active') ctx.skip('plan_limit_reached', 'the published flow is paused (active-flow cap)');
        const first = await inbound(ctx, { channel: 'instagram', text: keyword });
        const listed = await ctx.send({ path: '/flow-sessions', query: { flow_id: flow.id } });
        expectStatus(listed, 200, SESSIONS);
        const [session] = readList(listed, SESSIONS).data as Json[];
        if (!session) fail(`${SESSIONS}?flow_id=${flow.id}: the keyword DM started no session`, listed);
        expectShape(session, FlowSession, 'flow session (2.11)', listed);
        if (session['status'] !== 'waiting_input' || session['current_node_id'] !== '2') {
          fail(`the session should wait for input at node 2, got ${String(session['status'])} at ${String(session['current_node_id'])}`, listed);
        }
        const email = `${ctx.prefix.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.test`;
        await inbound(ctx, { channel: 'instagram', platformUserId: first.platformUserId, text: email });
        const done = await ctx.send({ path: `/flow-sessions/${String(session['id'])}` });
        expectStatus(done, 200, 'GET /flow-sessions/{id}');
        if (readData(done, 'session')['status'] !== 'completed') fail('the answered session should be completed', done);
        const own = await ctx.send({ path: `/flow-sessions/${String(session['id'])}/events` });
        expectStatus(own, 200, SESSION_EVENTS);
        const types = judgeEvents(own, SESSION_EVENTS, 'oldest-first', [email]).map((event) => event['type']);
        for (const type of ['session_started', 'node_entered', 'input_received', 'session_completed']) {
          if (!types.includes(type)) fail(`${SESSION_EVENTS}: no ${type} event`, own);
        }
        const across = await ctx.send({ path: '/flow-events', query: { flow_id: flow.id, limit: 100 } });
        expectStatus(across, 200, EVENTS);
        if (judgeEvents(across, EVENTS, 'ascending-id', [email]).length !== types.length) fail(`${EVENTS}?flow_id: should list the session's ${types.length} events`, across);

        // Version 2 runs beside version 1: analytics count each version's runs only.
        const graph = leadCapture(keyword);
        const patched = await ctx.send({ method: 'PATCH', path: `/flows/${flow.id}`, key: await ctx.keyFor('write'), body: { definition: { ...graph, nodes: graph.nodes.map((node) => (node.id === '4' ? { ...node, config: { text: 'Thank you!' } } : node)) } } });
        expectStatus(patched, 200, `PATCH /flows/${flow.id}`);
        expectStatus(await act(ctx, flow.id, 'publish'), 200, `POST /flows/${flow.id}/publish (version 2)`);
        await inbound(ctx, { channel: 'instagram', text: keyword });
        const current = await analytics(ctx, flow.id);
        if (current.data.version !== 2 || current.data.summary.runs !== 1 || current.data.other_version_runs_excluded !== 1) {
          fail(`analytics of version 2 should count its 1 run and exclude version 1's (got version ${current.data.version}, runs ${current.data.summary.runs}, excluded ${current.data.other_version_runs_excluded})`, current.response);
        }
        const older = await analytics(ctx, flow.id, { version: '1', range: 'all' });
        if (older.data.summary.runs !== 1 || older.data.summary.completed !== 1 || older.data.comparison !== null) {
          fail(`analytics of version 1 (range all) should count 1 completed run and no comparison (got ${older.data.summary.runs} runs)`, older.response);
        }
      } finally {
        await retire(ctx, flow.id);
      }
    },
  },
  {
    id: 'flow-runtime.business-name-placeholder',
    title: 'A flow message fills {business_name} with the business_name GET /account answers',
    clause: '2.10',
    // 2.10 gives message nodes "{placeholders}"; which ones exist is GET /flows/nodes' catalogue,
    // and this server's names {business_name} as the account's business name (docs/decisions.md).
    level: 'assumption',
    group,
    profile: 'safe',
    routes: ['GET /account', CATALOGUE, 'GET /conversations/{id}/messages'],
    cost: costOf(8),
    async run(ctx) {
      const nodes = await ctx.send({ path: '/flows/nodes' });
      expectStatus(nodes, 200, CATALOGUE);
      const placeholders = (readData(nodes, CATALOGUE)['placeholders'] ?? []) as { placeholder?: unknown }[];
      if (!placeholders.some((entry) => entry.placeholder === '{business_name}')) ctx.skip('not_offered', 'the catalogue offers no {business_name} placeholder');
      const account = await ctx.send({ path: '/account' });
      expectStatus(account, 200, 'GET /account');
      const businessName = ((readData(account, 'GET /account')['account'] ?? {}) as { business_name?: unknown }).business_name;
      if (typeof businessName !== 'string' || businessName === '') fail('GET /account should name the business (2.29)', account);
      const keyword = word(ctx, 'bn');
      const graph = leadCapture(keyword);
      const flow = await setupFlow(ctx, keyword, undefined, {
        ...graph,
        nodes: [graph.nodes[0]!, { id: '2', type: 'message', config: { text: 'Welcome to {business_name}!' } }],
        edges: [{ from: '1', to: '2' }],
      });
      try {
        const published = await act(ctx, flow.id, 'publish');
        expectStatus(published, 200, `POST /flows/${flow.id}/publish`);
        if ((readData(published, 'publish')['status'] as string) !== 'active') ctx.skip('plan_limit_reached', 'the published flow is paused (active-flow cap)');
        const thread = await inbound(ctx, { channel: 'instagram', text: keyword });
        const transcript = await ctx.send({ path: `/conversations/${thread.conversationId}/messages` });
        expectStatus(transcript, 200, 'GET /conversations/{id}/messages');
        const texts = readList(transcript, 'transcript').data.map((message) => (message as { text?: unknown }).text);
        if (!texts.includes(`Welcome to ${businessName}!`)) fail(`the flow's message should read "Welcome to ${businessName}!"; the transcript holds ${JSON.stringify(texts)}`, transcript);
      } finally {
        await retire(ctx, flow.id);
      }
    },
  },
  {
    id: 'flow-runtime.replies-count-as-automation',
    title: "A flow's reply moves the overview's replies.automation, not only replies.ai",
    clause: '2.14',
    // 2.14 splits replies into {ai, automation}; that a keyword flow's message is an automation
    // reply (and not the AI's) is the house's reading (docs/decisions.md, "Flow runtime seams").
    level: 'assumption',
    group,
    profile: 'safe',
    routes: ['GET /analytics/overview', 'GET /conversations/{id}/messages'],
    cost: costOf(8),
    async run(ctx) {
      const automationNow = async (): Promise<number> => {
        const overview = await ctx.send({ path: '/analytics/overview' });
        expectStatus(overview, 200, 'GET /analytics/overview');
        const replies = readData(overview, 'GET /analytics/overview')['replies'] as { automation?: { current?: unknown } } | undefined;
        const current = replies?.automation?.current;
        if (typeof current !== 'number') fail('the overview should carry replies.automation.current as a number (2.14)', overview);
        return current;
      };
      const keyword = word(ctx, 'auto');
      const graph = leadCapture(keyword);
      const flow = await setupFlow(ctx, keyword, undefined, {
        ...graph,
        nodes: [graph.nodes[0]!, { id: '2', type: 'message', config: { text: 'kit: an automated reply' } }],
        edges: [{ from: '1', to: '2' }],
      });
      try {
        const published = await act(ctx, flow.id, 'publish');
        expectStatus(published, 200, `POST /flows/${flow.id}/publish`);
        if ((readData(published, 'publish')['status'] as string) !== 'active') ctx.skip('plan_limit_reached', 'the published flow is paused (active-flow cap)');
        const before = await automationNow();
        const thread = await inbound(ctx, { channel: 'instagram', text: keyword });
        const transcript = await ctx.send({ path: `/conversations/${thread.conversationId}/messages` });
        expectStatus(transcript, 200, 'GET /conversations/{id}/messages');
        const texts = readList(transcript, 'transcript').data.map((message) => (message as { text?: unknown }).text);
        if (!texts.includes('kit: an automated reply')) fail(`the flow should have replied; the transcript holds ${JSON.stringify(texts)}`, transcript);
        const after = await automationNow();
        if (after < before + 1) fail(`replies.automation.current went from ${before} to ${after} after a flow replied: a flow's reply is an automation reply`);
      } finally {
        await retire(ctx, flow.id);
      }
    },
  },
];
