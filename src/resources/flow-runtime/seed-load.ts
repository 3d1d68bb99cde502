/**
 * Loads the `flow_sessions` seed section (./seed.ts): each session with its events, as the engine
 * would have left them. What the events tell is not repeated on the session: its status,
 * end_reason, current node and times are read from them, so a seeded session and its events
 * cannot disagree (nor can analytics, which fold the events). Every node an event names must be
 * a node of that type in the session's published version, and the session must run in a seeded
 * conversation on a channel of that version.
 *
 * Event ids are given after every session of the account is in, ascending with time (ties keep
 * the seed's order), so `GET /flow-events` reads the history in the order it happened.
 */
import { parseDuration } from '../../core/duration.js';
import { invalidParam } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import type { Collection } from '../../store/collection.js';
import type { NodeConfigOf } from '../flows/config-schemas.js';
import type { FlowDefinition, FlowNode } from '../flows/definition.js';
import { CHANNEL_CAPABILITIES } from '../channels/capabilities.js';
import type { RuntimeNeeds } from './needs.js';
import type { FlowEventRecord, SessionRecord } from './records.js';
import type { SessionStatus } from './schemas.js';
import { outcomeAt } from './outcomes.js';
import type { SeedFlowEventInput, SeedFlowSessionInput } from './seed-schemas.js';
import { createSeedEffects, type RecordReply } from './seed-effects.js';

const TERMINAL: Readonly<Partial<Record<string, SessionStatus>>> = {
  session_completed: 'completed',
  session_expired: 'expired',
  session_cancelled: 'cancelled',
};
const SILENCE_MS = 7 * 86_400_000;

interface Pending {
  readonly session: SessionRecord;
  /** A pulled seed's session (it has an id): its contact and counters already hold what it did. */
  readonly snapshot: boolean;
  readonly event: SeedFlowEventInput;
  readonly order: number;
  /** A button tap that names no button: the port its node was left by (the tap's button follows from it). */
  readonly exitPort?: string;
}

/**
 * The port a button tap at `index` left its node by: the next `node_exited` of the same node
 * with input type `button`. A seed may name the tapped button (`button`) or leave it to this.
 */
function tapExitPort(events: readonly SeedFlowEventInput[], index: number): string | undefined {
  const tap = events[index]!;
  if (tap.type !== 'input_received' || tap.input_type !== 'button' || tap.button !== undefined) return undefined;
  for (let later = index + 1; later < events.length; later++) {
    const event = events[later]!;
    if (event.type === 'node_exited' && event.node_key === tap.node_key && event.input_type === 'button') return event.output_port ?? undefined;
  }
  return undefined;
}

/** The title of the postback button behind `output_n` of a message node (null when there is none). */
function postbackTitle(node: FlowNode | undefined, port: string): string | null {
  const match = /^output_(\d+)$/.exec(port);
  if (!node || node.type !== 'message' || !match) return null;
  const buttons = (node.config as NodeConfigOf<'message'>).buttons.filter((button) => button.type === 'postback');
  return buttons[Number(match[1]) - 1]?.title ?? null;
}

export function createSeedLoader(
  core: CoreServices,
  needs: RuntimeNeeds,
  sessions: Collection<SessionRecord>,
  events: Collection<FlowEventRecord>,
  recordReply: RecordReply,
) {
  const { store, clock } = core;
  const pending = new Map<number, Pending[]>();
  const effects = createSeedEffects(core, needs, recordReply);

  /** What the events say about the session: its status, end reason and current node. */
  function readEvents(input: SeedFlowSessionInput, graph: FlowDefinition): { status: SessionStatus; end_reason: string | null; current: string } {
    if (input.events[0]!.type !== 'session_started') throw invalidParam('events', 'A session’s events start with session_started.');
    let status: SessionStatus = 'waiting_input';
    let endReason: string | null = null;
    let current = '1';
    let previousMs = Infinity;
    input.events.forEach((event, index) => {
      const agoMs = parseDuration(event.ago);
      if (agoMs > previousMs) throw invalidParam(`events[${index}].ago`, 'Events are listed oldest first.');
      previousMs = agoMs;
      if (index > 0 && event.type === 'session_started') throw invalidParam(`events[${index}].type`, 'A session starts once.');
      if (status !== 'waiting_input' && event.type !== 'session_reactivated') {
        throw invalidParam(`events[${index}].type`, `The session ended (${status}); only session_reactivated may follow.`);
      }
      const key = event.node_key ?? null;
      if (key !== null) {
        const node = graph.nodes.find((candidate) => candidate.id === key);
        if (!node) throw invalidParam(`events[${index}].node_key`, `The flow version has no node ${key}.`);
        if (event.node_type != null && event.node_type !== node.type) throw invalidParam(`events[${index}].node_type`, `Node ${key} is a ${node.type} node.`);
      }
      if (event.type === 'outcome_achieved' && (key === null || (event.outcome === undefined && outcomeAt(graph.nodes.find((node) => node.id === key)!, 0) === null))) {
        throw invalidParam(`events[${index}].outcome`, 'outcome_achieved names its node, and its outcome unless the node has one.');
      }
      const ends = TERMINAL[event.type];
      if (ends) {
        if (!event.end_reason) throw invalidParam(`events[${index}].end_reason`, `${event.type} carries an end_reason.`);
        status = ends;
        endReason = event.end_reason;
      } else if (event.type === 'session_reactivated') {
        status = 'waiting_input';
        endReason = null;
      }
      if (event.type === 'node_entered' && key !== null) current = key;
    });
    return { status, end_reason: endReason, current };
  }

  return {
    /**
     * One seed session; its events wait for `finish` (ids ascend with time across the account).
     * `snapshot`: a pulled seed's session, whose side effects the seed's other sections hold.
     */
    load(accountId: number, input: SeedFlowSessionInput, snapshot = false): SessionRecord {
      const flow = needs.flows.flowsOf(accountId).find((candidate) => candidate.name === input.flow);
      if (!flow || flow.published_version === null) throw invalidParam('flow', `No flow named "${input.flow}" with a published version.`);
      const versionNumber = input.flow_version ?? flow.published_version;
      const version = needs.flows.publishedVersion(accountId, flow.id, versionNumber);
      if (!version) throw invalidParam('flow_version', `Flow "${input.flow}" has no published version ${versionNumber}.`);
      if (!version.channels.includes(input.channel)) throw invalidParam('channel', `Version ${versionNumber} of "${input.flow}" does not run on ${input.channel}.`);
      const conversation = needs.conversations.findByIdentity(accountId, input.channel, input.platform_user_id);
      if (!conversation) throw invalidParam('platform_user_id', `No seeded ${input.channel} conversation with ${input.platform_user_id}.`);

      const read = readEvents(input, version.definition);
      const now = clock.now();
      const delayed = input.delay_until_in !== undefined;
      if (delayed && read.status !== 'waiting_input') throw invalidParam('delay_until_in', `A ${read.status} session has no delay running.`);
      const currentType = version.definition.nodes.find((node) => node.id === read.current)?.type;
      if (delayed && currentType !== 'delay') throw invalidParam('delay_until_in', `The session is at node ${read.current}, a ${currentType} node, not a delay.`);
      const status: SessionStatus = delayed ? 'delayed' : read.status;
      const open = status === 'waiting_input' || status === 'delayed';
      const lastUserMs = input.last_user_message_ago == null ? null : now - parseDuration(input.last_user_message_ago);
      const windowMs = CHANNEL_CAPABILITIES[input.channel].windowMs;
      // An open session's window follows the conversation's (as the engine keeps it); an ended one's froze at its last message.
      const windowFrom = open ? conversation.last_inbound_ms : lastUserMs;
      const windowExpires = windowMs === null || windowFrom === null ? null : windowFrom + windowMs;
      const delayUntil = delayed ? now + parseDuration(input.delay_until_in!) : null;
      const lastEvent = input.events[input.events.length - 1]!;
      const lastActivity = now - parseDuration(lastEvent.ago);
      // The timers the engine would have set: the delay's end, or the silence expiry of a waiting session.
      const due = !open ? null : delayUntil ?? (windowExpires !== null && windowExpires > lastActivity ? windowExpires : lastActivity + SILENCE_MS);

      const session = sessions.insert({
        id: store.nextId('flow_session'),
        account_id: accountId,
        flow_id: flow.id,
        flow_version: versionNumber,
        channel: input.channel,
        contact_id: conversation.contact_id,
        conversation_id: conversation.id,
        status,
        end_reason: read.end_reason,
        current_node_id: read.current,
        attribution: input.attribution ?? { post_id: null, comment_id: null, matched_keyword: null },
        started_ms: now - parseDuration(input.events[0]!.ago),
        last_activity_ms: lastActivity,
        last_user_message_ms: lastUserMs,
        delay_until_ms: delayUntil,
        window_expires_ms: windowExpires,
        due_ms: due,
        variables: {},
        attempts: 0,
      });
      const list = pending.get(accountId) ?? [];
      input.events.forEach((event, index) => {
        const exitPort = tapExitPort(input.events, index);
        list.push({ session, snapshot, event, order: list.length, ...(exitPort === undefined ? {} : { exitPort }) });
      });
      pending.set(accountId, list);
      return session;
    },

    /**
     * Writes the account's seeded events, oldest first, so their ids ascend with time, and does
     * what each did besides (./seed-effects.ts) at its time.
     */
    finish(accountId: number): void {
      const list = pending.get(accountId) ?? [];
      pending.delete(accountId);
      const now = clock.now();
      const timed = list.map((item) => ({ ...item, at: now - parseDuration(item.event.ago) }));
      timed.sort((a, b) => a.at - b.at || a.order - b.order);
      const outcomesSeen = new Map<string, number>();
      for (const { session, snapshot, event, at, exitPort } of timed) {
        const graph = needs.flows.publishedVersion(accountId, session.flow_id, session.flow_version)!.definition;
        const node = event.node_key ? graph.nodes.find((candidate) => candidate.id === event.node_key) : undefined;
        const nodeType = event.node_type ?? node?.type ?? null;
        // Analytics count a tap by its button's title (per_node[].buttons), as the runtime records it.
        let detail = event.button ?? (exitPort === undefined ? null : postbackTitle(node, exitPort));
        if (event.type === 'outcome_achieved') {
          const seenKey = `${session.id}:${event.node_key}`;
          const earlier = outcomesSeen.get(seenKey) ?? 0;
          outcomesSeen.set(seenKey, earlier + 1);
          detail = event.outcome ?? outcomeAt(node!, earlier);
        }
        const record = events.insert({
          id: store.nextId('flow_event'),
          account_id: accountId,
          session_id: session.id,
          flow_id: session.flow_id,
          flow_version: session.flow_version,
          channel: session.channel,
          type: event.type,
          node_key: event.node_key ?? null,
          node_type: nodeType,
          output_port: event.output_port ?? null,
          input_type: event.input_type ?? null,
          end_reason: event.end_reason ?? null,
          detail,
          occurred_ms: at,
        });
        if (!snapshot) effects.apply(session, record, node);
      }
      const instants = new Map<SessionRecord, number[]>();
      for (const { session, at } of timed) {
        const times = instants.get(session);
        if (times) times.push(at);
        else instants.set(session, [at]);
      }
      const taken = new Set<number>();
      for (const [session, times] of instants) effects.replies(session, times, taken);
    },
  };
}
