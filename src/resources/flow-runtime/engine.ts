/**
 * The engine: runs a session through its published version's graph, node by node, until the
 * session waits (for an answer, a tap, the clock) or ends. Every step is a flow event (2.12).
 *
 * Node semantics (docs/decisions.md, "Flow runtime"):
 * - message: the text, placeholders filled, goes into the transcript as an automation reply
 *   (sender_type `bot`, sender_name `Automation`); with postback buttons it waits for a tap until
 *   `timeout_minutes` (then `output_timeout`), else goes on at once by `output_1` (or by
 *   `output_timeout` when only that port leads somewhere).
 * - collect_input: asks, waits; a valid answer is stored in `variable_name` (and `save_to_field`),
 *   `output_1`; an invalid one gets `retry_message` until `max_retries` retries are used, then `output_2`.
 * - condition / randomizer: pick a port (branch_selected). action: applies and goes on.
 * - book_appointment: offers, waits; a reply holding `YYYY-MM-DD HH:MM` books that slot (`output_1`),
 *   anything else or a refused slot leaves by `output_2`.
 * - delay: `delayed` until the clock reaches `delay_until`. http_request: the sandbox never calls
 *   out; the filled URL decides the port (./http-step.ts: `output_2` for a refused URL or a name
 *   that never resolves, else a 2xx with an empty body, `output_1`). ai_reply: deterministic
 *   rules per customer message (./ai-step.ts): on a thread muted for the AI (2.5) it writes
 *   nothing and leaves by `output_2`; a request for a human leaves by `output_2`, the
 *   goal's datum (saved as its node would) by `output_1`, else a canned reply, and `output_2`
 *   after `max_turns`; `save_summary_to` keeps a summary. handoff: escalates the thread and completes.
 *   goto_flow: completes here and starts the target flow (if active).
 * - A send the platform would refuse ends the session: channel not connected or not permitted to
 *   message -> `cancelled` (`not_provisioned`, `forbidden`), window closed -> `expired`
 *   (`window_closed`), opted out or blocked -> `cancelled` (`opted_out`, `blocked`).
 * - A session never waits on a closed window: one that comes to wait for input after the window
 *   closed ends `expired` (`window_closed`) there, as its timer would have at the next tick.
 * - One question in flight per thread: a session that comes to wait for input ends any other
 *   session waiting for input in its conversation (`cancelled`, `superseded`; the model does it).
 */
import { ApiError } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import { CHANNEL_CAPABILITIES, PRIVATE_REPLY_MS, windowOpen } from '../channels/capabilities.js';
import type { ChangeSource, ContactRecord, SeedContactChange } from '../contacts/model.js';
import { actionChange, markedLeadStage } from './action-change.js';
import type { ConversationRecord } from '../conversations/model.js';
import type { CustomFieldValue } from '../custom-fields/values.js';
import { UNIT_SECONDS, type NodeConfigOf } from '../flows/config-schemas.js';
import type { FlowDefinition, FlowNode } from '../flows/definition.js';
import { asksForHuman, cannedReply, goalDatum, summaryOf, type AiExit, type GoalDatum } from './ai-step.js';
import { sandboxHttpAnswer } from './http-step.js';
import { acceptAnswer } from './inputs.js';
import type { Journal } from './journal.js';
import type { RuntimeNeeds } from './needs.js';
import { fillPlaceholders } from './placeholders.js';
import type { SessionRecord } from './records.js';
import type { InputKind, OutcomeKey, SessionStatus } from './schemas.js';
import { cutChars } from '../shared/characters.js';

type Step =
  | { readonly kind: 'next'; readonly port: string; readonly input?: InputKind; readonly variables?: Readonly<Record<string, string>> }
  | { readonly kind: 'wait'; readonly status: 'waiting_input' | 'delayed'; readonly due_ms: number | null; readonly delay_until_ms?: number }
  | { readonly kind: 'end'; readonly status: Exclude<SessionStatus, 'waiting_input' | 'delayed'>; readonly reason: string };

/** Who wrote a line the session sent: the flow's own text, or the AI in an `ai_reply` step (overview `replies.ai`). */
export type ReplyWriter = 'automation' | 'ai';

/** What the customer sent to a waiting session. */
export type Reply = { readonly kind: 'text'; readonly text: string | null } | { readonly kind: 'tap'; readonly index: number };

const MAX_STEPS_PER_RUN = 200;
const NO_FIELDS: Readonly<Record<string, CustomFieldValue>> = Object.freeze({});
/**
 * What the contact events of the runtime's writes name as their source: the runtime acts on
 * customer traffic (docs/decisions.md, "Contact events": `inbound`), as its tag writes always did.
 */
const FLOW_WRITE: ChangeSource = 'inbound';
const MINUTE_MS = 60_000;
/** Ends the `goto_flow` chain a graph could loop through (A -> B -> A ...) within one message. */
const MAX_GOTO_DEPTH = 5;

export interface EngineHooks {
  /** goto_flow: start the target flow for the same person (the model decides if it may). */
  startTarget(session: SessionRecord, flowId: number, depth: number): void;
  /** A message went into the transcript (the overview counts automation replies; an ai_reply step's lines are the AI's). */
  replied(session: SessionRecord, messageId: number, writer: ReplyWriter): void;
  /** A session ended completed: the flow's stats count it. */
  completed(session: SessionRecord): void;
  /** How many messages the session has sent (a comment's one private reply). */
  repliesSent(session: SessionRecord): number;
  /** The session now waits for input (a question, a tap): no other session of its thread may. */
  waiting(session: SessionRecord): void;
}

export function createEngine(core: CoreServices, needs: RuntimeNeeds, journal: Journal, graphOf: (session: SessionRecord) => FlowDefinition, hooks: EngineHooks) {
  const { clock } = core;

  const nodeOf = (graph: FlowDefinition, id: string): FlowNode | undefined => graph.nodes.find((node) => node.id === id);
  const nextOf = (graph: FlowDefinition, from: string, port: string): string | undefined => graph.edges.find((edge) => edge.from === from && edge.from_port === port)?.to;

  function conversationOf(session: SessionRecord): ConversationRecord | undefined {
    return needs.conversations.find(session.account_id, session.conversation_id);
  }

  /** The window closes 24 h after the customer's last message (channels without one: never). */
  function windowExpiry(session: SessionRecord, conversation: ConversationRecord | undefined): number | null {
    const length = CHANNEL_CAPABILITIES[session.channel].windowMs;
    const last = conversation?.last_inbound_ms ?? null;
    return length === null || last === null ? null : last + length;
  }

  /** The contact's custom field values as the API shows them: an archived field reads as unset (docs/decisions.md). */
  const shownFields = (contact: ContactRecord | undefined): Readonly<Record<string, CustomFieldValue>> => (contact ? needs.contacts.shownCustomFields(contact) : NO_FIELDS);

  /** `text` with its placeholders filled as the API shows the contact now. */
  function filled(session: SessionRecord, text: string): string {
    const contact = needs.contacts.find(session.account_id, session.contact_id);
    return fillPlaceholders(text, {
      contact,
      customFields: shownFields(contact),
      channel: session.channel,
      businessName: needs.account.getAccount(session.account_id).business_name,
      variables: session.variables,
    });
  }

  /** Sends an automation reply, or says why the platform would refuse it. */
  function send(session: SessionRecord, text: string, writer: ReplyWriter = 'automation'): Step | undefined {
    const conversation = conversationOf(session);
    if (!conversation) return { kind: 'end', status: 'cancelled', reason: 'conversation_deleted' };
    // The connection, person and window rules are the ones POST /messages applies, in its order
    // (sending/recipient-rules.ts): a disconnected channel carries no automation reply either.
    const refusal = needs.sending.recipients.connection(conversation) ?? needs.sending.recipients.person(conversation, 'message');
    if (refusal) return { kind: 'end', status: 'cancelled', reason: refusal };
    // A session a comment started may send the comment's one private reply without a window (within 7 days).
    const privateReply = session.attribution.comment_id !== null && clock.now() - session.started_ms < PRIVATE_REPLY_MS && hooks.repliesSent(session) === 0;
    // The window as POST /messages judges it, at the runtime's now (a timer's due instant while it fires).
    if (!privateReply && !windowOpen(conversation.channel, conversation.last_inbound_ms, clock.now())) return { kind: 'end', status: 'expired', reason: 'window_closed' };
    const body = cutChars(filled(session, text), 4096);
    // Stamped with the runtime's now: a timer's due instant while it fires (../shared/due-clock.ts).
    const { message } = needs.conversations.append(conversation, { sender_type: 'bot', sender_name: 'Automation', text: body.trim() === '' ? text : body, at_ms: clock.now() });
    // That was the comment's private reply: POST /messages may not send it a second one.
    if (privateReply) needs.comments.received.replied(session.account_id, session.attribution.comment_id!);
    hooks.replied(session, message.id, writer);
    return undefined;
  }

  function outcome(session: SessionRecord, node: FlowNode, key: OutcomeKey): void {
    journal.emit(session, 'outcome_achieved', { node_key: node.id, node_type: node.type, detail: key });
  }

  /** A silent customer's waiting session expires when the window closes (or after 7 days without one). */
  function silenceDue(session: SessionRecord): number {
    return windowExpiry(session, conversationOf(session)) ?? clock.now() + 7 * 24 * 60 * MINUTE_MS;
  }

  /** A `new` or `contacted` contact becomes `qualified` (mark_lead, and an ai_reply that qualified the prospect). */
  function markLead(session: SessionRecord, node: FlowNode): void {
    const stage = markedLeadStage(needs.contacts.find(session.account_id, session.contact_id)?.stage);
    if (stage !== undefined) needs.contacts.update(session.account_id, session.contact_id, { stage }, FLOW_WRITE);
    outcome(session, node, 'leads_marked');
  }

  /** Saves a collected email or phone to the contact (collect_input, and an ai_reply capturing a lead). */
  function saveContactDatum(session: SessionRecord, node: FlowNode, kind: 'email' | 'phone', value: string): void {
    try {
      needs.contacts.update(session.account_id, session.contact_id, { [kind]: value }, FLOW_WRITE);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    outcome(session, node, kind === 'email' ? 'emails_collected' : 'phones_collected');
  }

  /** Books `date time` through the appointments model; false when it refuses the slot (book_appointment, ai_reply). */
  function bookSlot(session: SessionRecord, node: FlowNode, date: string, time: string, service: string | undefined): boolean {
    const contact = needs.contacts.find(session.account_id, session.contact_id);
    try {
      needs.appointments.book(session.account_id, {
        date,
        time,
        customer: { name: contact?.name ?? session.variables['name'] ?? 'Customer', email: contact?.email ?? null, phone: contact?.phone ?? null },
        conversation_id: session.conversation_id,
        send_confirmation: false,
        ...(service !== undefined ? { service_type: service } : {}),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return false;
    }
    outcome(session, node, 'appointments_booked');
    return true;
  }

  /** An ai_reply's goal datum, applied (saved, booked, marked); undefined when absent or refused. */
  function reachGoal(session: SessionRecord, node: FlowNode, goal: NodeConfigOf<'ai_reply'>['goal'], text: string): GoalDatum | undefined {
    const datum = goalDatum(goal, text);
    if (datum === undefined) return undefined;
    switch (datum.kind) {
      case 'email':
      case 'phone':
        saveContactDatum(session, node, datum.kind, datum.value);
        return datum;
      case 'slot':
        return bookSlot(session, node, datum.date, datum.time, undefined) ? datum : undefined;
      case 'budget':
        markLead(session, node);
        return datum;
      case 'answered':
        return datum;
    }
  }

  function runAction(session: SessionRecord, node: FlowNode): void {
    const config = node.config as NodeConfigOf<'action'>;
    // mark_lead records its outcome whether or not the stage moves.
    if (config.action_type === 'mark_lead') return markLead(session, node);
    const change = actionChange(config, undefined);
    if (change === undefined) return;
    try {
      applyChange(session, change);
      if (config.action_type === 'set_custom_field') outcome(session, node, 'custom_fields_saved');
    } catch (error) {
      // A value the contact's field refuses (a field archived since publishing) skips the action, as the service would.
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /** An action's change, made as a flow write (events fire): a missing tag is created; an unattached one is left alone. */
  function applyChange(session: SessionRecord, change: SeedContactChange): void {
    const { account_id: accountId, contact_id: contactId } = session;
    if (change.values) needs.contacts.update(accountId, contactId, change.values, FLOW_WRITE);
    for (const name of change.attach ?? []) needs.contacts.attachTag(accountId, contactId, name, FLOW_WRITE);
    for (const name of change.detach ?? []) {
      const contact = needs.contacts.find(accountId, contactId);
      const tag = contact ? needs.tags.findByName(accountId, name) : undefined;
      if (contact && tag && contact.tag_ids.includes(tag.id)) needs.contacts.detachTag(accountId, contactId, String(tag.id), FLOW_WRITE);
    }
  }

  /** One shown custom field value of the contact; undefined when unset, archived or undefined. */
  function fieldOf(contact: ContactRecord | undefined, key: string): CustomFieldValue | undefined {
    const fields = shownFields(contact);
    return Object.hasOwn(fields, key) ? fields[key] : undefined;
  }

  function evaluateRule(session: SessionRecord, rule: NodeConfigOf<'condition'>['rules'][number]): boolean {
    const contact = needs.contacts.find(session.account_id, session.contact_id);
    switch (rule.type) {
      case 'has_tag':
      case 'lacks_tag': {
        const tag = needs.tags.findByName(session.account_id, rule.tag);
        const has = tag !== undefined && contact !== undefined && contact.tag_ids.includes(tag.id);
        return rule.type === 'has_tag' ? has : !has;
      }
      case 'field_equals':
        return contact !== undefined && String(fieldOf(contact, rule.field_key) ?? '') === String(rule.value);
      case 'field_is_set':
        return fieldOf(contact, rule.field_key) !== undefined;
      case 'variable_equals':
        return session.variables[rule.variable] === String(rule.value);
      case 'variable_is_set':
        return Object.hasOwn(session.variables, rule.variable);
      case 'channel_is':
        return session.channel === rule.channel;
      case 'stage_is':
        return contact?.stage === rule.stage;
      case 'within_business_hours': {
        const hour = new Date(clock.now()).getUTCHours();
        const day = new Date(clock.now()).getUTCDay();
        return day >= 1 && day <= 5 && hour >= 9 && hour < 17;
      }
    }
  }

  /** Runs a node the session just entered. */
  function execute(session: SessionRecord, node: FlowNode, depth: number): Step {
    switch (node.type) {
      case 'trigger':
        return { kind: 'next', port: 'output_1' };
      case 'message': {
        const config = node.config as NodeConfigOf<'message'>;
        const refused = send(session, config.text ?? config.media?.url ?? '');
        if (refused) return refused;
        if (!config.buttons.some((button) => button.type === 'postback')) {
          // Nothing to wait for: straight on, by output_1, or by output_timeout (2.10 gives every
          // message that port) when only it leads somewhere.
          const graph = graphOf(session);
          const byTimeout = nextOf(graph, node.id, 'output_1') === undefined && nextOf(graph, node.id, 'output_timeout') !== undefined;
          return { kind: 'next', port: byTimeout ? 'output_timeout' : 'output_1' };
        }
        return { kind: 'wait', status: 'waiting_input', due_ms: Math.min(clock.now() + config.timeout_minutes * MINUTE_MS, silenceDue(session)) };
      }
      case 'collect_input': {
        const refused = send(session, (node.config as NodeConfigOf<'collect_input'>).question);
        return refused ?? { kind: 'wait', status: 'waiting_input', due_ms: silenceDue(session) };
      }
      case 'book_appointment': {
        const refused = send(session, (node.config as NodeConfigOf<'book_appointment'>).prompt);
        return refused ?? { kind: 'wait', status: 'waiting_input', due_ms: silenceDue(session) };
      }
      case 'ai_reply':
        return { kind: 'wait', status: 'waiting_input', due_ms: silenceDue(session) };
      case 'action':
        runAction(session, node);
        return { kind: 'next', port: 'output_1' };
      case 'condition': {
        const rules = (node.config as NodeConfigOf<'condition'>).rules;
        const index = rules.findIndex((rule) => evaluateRule(session, rule));
        return { kind: 'next', port: index < 0 ? 'output_else' : `output_${index + 1}` };
      }
      case 'randomizer': {
        const branches = (node.config as NodeConfigOf<'randomizer'>).branches;
        // Deterministic per session: the same person always takes the same branch in a replay.
        let roll = (session.id * 7919 + node.id.length * 31) % 100;
        const index = branches.findIndex((branch) => (roll -= branch.weight) < 0);
        return { kind: 'next', port: `output_${(index < 0 ? branches.length - 1 : index) + 1}` };
      }
      case 'delay': {
        const config = node.config as NodeConfigOf<'delay'>;
        const until = clock.now() + config.duration * UNIT_SECONDS[config.unit] * 1000;
        return { kind: 'wait', status: 'delayed', due_ms: until, delay_until_ms: until };
      }
      case 'http_request': {
        const config = node.config as NodeConfigOf<'http_request'>;
        const answer = sandboxHttpAnswer(filled(session, config.url));
        if (answer.port === 'output_2' || config.save_response_to === undefined) return { kind: 'next', port: answer.port };
        return { kind: 'next', port: answer.port, variables: { [config.save_response_to]: answer.body } };
      }
      case 'handoff': {
        const config = node.config as NodeConfigOf<'handoff'>;
        if (config.message !== undefined) {
          const refused = send(session, config.message);
          if (refused) return refused;
        }
        const conversation = conversationOf(session);
        if (conversation && conversation.status !== 'escalated') needs.conversations.system.setState(session.account_id, conversation.id, { status: 'escalated' });
        outcome(session, node, 'handoffs');
        return { kind: 'end', status: 'completed', reason: 'handoff' };
      }
      case 'goto_flow': {
        const target = (node.config as NodeConfigOf<'goto_flow'>).flow_id;
        if (depth < MAX_GOTO_DEPTH) pendingGoto = { target, depth: depth + 1 };
        return { kind: 'end', status: 'completed', reason: 'goto_flow' };
      }
    }
  }

  let pendingGoto: { target: number; depth: number } | undefined;

  function end(session: SessionRecord, status: Exclude<SessionStatus, 'waiting_input' | 'delayed'>, reason: string): SessionRecord {
    const ended = journal.update(session, { status, end_reason: reason, due_ms: null, delay_until_ms: null });
    const type = status === 'completed' ? 'session_completed' : status === 'expired' ? 'session_expired' : 'session_cancelled';
    const node = nodeOf(graphOf(session), session.current_node_id);
    journal.emit(ended, type, { node_key: session.current_node_id, node_type: node?.type ?? null, end_reason: reason, input_type: 'system' });
    if (status === 'completed') hooks.completed(ended);
    return ended;
  }

  /** Leaves the current node by `port` and runs on until the session waits or ends. */
  function leave(session: SessionRecord, port: string, input: InputKind, depth: number): SessionRecord {
    const graph = graphOf(session);
    let current = session;
    let exit: { port: string; input: InputKind } | undefined = { port, input };
    for (let steps = 0; exit; steps++) {
      const node = nodeOf(graph, current.current_node_id);
      journal.emit(current, 'node_exited', { node_key: current.current_node_id, node_type: node?.type ?? null, output_port: exit.port, input_type: exit.input });
      const to = nextOf(graph, current.current_node_id, exit.port);
      if (to === undefined) return end(current, 'completed', node?.type === 'goto_flow' ? 'goto_flow' : 'completed');
      if (steps >= MAX_STEPS_PER_RUN) return end(current, 'cancelled', 'step_limit');
      const target = nodeOf(graph, to)!;
      current = journal.update(current, { current_node_id: to, attempts: 0, due_ms: null, delay_until_ms: null, status: 'waiting_input' });
      journal.emit(current, 'node_entered', { node_key: target.id, node_type: target.type, input_type: 'system' });
      const step = execute(current, target, depth);
      if (step.kind === 'next') {
        if (target.type === 'condition' || target.type === 'randomizer') {
          journal.emit(current, 'branch_selected', { node_key: target.id, node_type: target.type, output_port: step.port, input_type: 'system' });
        }
        if (step.variables) current = journal.update(current, { variables: { ...current.variables, ...step.variables } });
        exit = { port: step.port, input: 'system' };
        continue;
      }
      if (step.kind === 'wait') {
        const windowEnd = windowExpiry(current, conversationOf(current));
        // No answer can come through a window already closed (an ai_reply asks nothing first, so
        // no refused send ended the session): expire now, not at the next tick of the clock.
        if (step.status === 'waiting_input' && windowEnd !== null && clock.now() >= windowEnd) return end(current, 'expired', 'window_closed');
        const waiting = journal.update(current, {
          status: step.status,
          due_ms: step.due_ms,
          delay_until_ms: step.delay_until_ms ?? null,
          window_expires_ms: windowEnd,
        });
        if (step.status === 'waiting_input') hooks.waiting(waiting);
        return waiting;
      }
      const ended = end(current, step.status, step.reason);
      const goto = pendingGoto;
      pendingGoto = undefined;
      if (goto && step.reason === 'goto_flow') {
        hooks.startTarget(ended, goto.target, goto.depth);
      }
      return ended;
    }
    return current;
  }

  /** An answer to a waiting collect_input / book_appointment / ai_reply / button message. */
  function reply(session: SessionRecord, input: Reply): SessionRecord {
    const graph = graphOf(session);
    const node = nodeOf(graph, session.current_node_id);
    if (!node || session.status !== 'waiting_input') return session;
    const kind: InputKind = input.kind === 'tap' ? 'button' : 'text';
    const now = clock.now();
    let current = journal.update(session, input.kind === 'text' ? { last_user_message_ms: now, window_expires_ms: windowExpiry(session, conversationOf(session)) } : {});
    const received = (detail: string | null = null) =>
      journal.emit(current, 'input_received', { node_key: node.id, node_type: node.type, input_type: kind, detail });
    switch (node.type) {
      case 'message': {
        const config = node.config as NodeConfigOf<'message'>;
        const postbacks = config.buttons.filter((button) => button.type === 'postback');
        if (input.kind !== 'tap' || input.index < 1 || input.index > postbacks.length) return current;
        received(cutChars(postbacks[input.index - 1]!.title, 100));
        return leave(current, `output_${input.index}`, 'button', 0);
      }
      case 'collect_input': {
        if (input.kind !== 'text') return current;
        const config = node.config as NodeConfigOf<'collect_input'>;
        received();
        const answer = acceptAnswer(config.input_type, input.text);
        if (answer === undefined) {
          if (current.attempts >= config.max_retries) return leave(current, 'output_2', 'text', 0);
          current = journal.update(current, { attempts: current.attempts + 1 });
          const refused = send(current, config.retry_message ?? config.question);
          if (refused && refused.kind === 'end') return end(current, refused.status, refused.reason);
          return journal.update(current, { due_ms: silenceDue(current) });
        }
        current = journal.update(current, { variables: { ...current.variables, [config.variable_name]: answer } });
        if (config.input_type === 'email' || config.input_type === 'phone') saveContactDatum(current, node, config.input_type, answer);
        if (config.save_to_field !== undefined) {
          try {
            needs.contacts.update(current.account_id, current.contact_id, { custom_fields: { [config.save_to_field]: config.input_type === 'number' ? Number(answer) : answer } }, FLOW_WRITE);
            outcome(current, node, 'custom_fields_saved');
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
          }
        }
        return leave(current, 'output_1', 'text', 0);
      }
      case 'book_appointment': {
        if (input.kind !== 'text') return current;
        received();
        const config = node.config as NodeConfigOf<'book_appointment'>;
        const slot = /(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(input.text ?? '');
        if (!slot) return leave(current, 'output_2', 'text', 0);
        if (!bookSlot(current, node, slot[1]!, slot[2]!, config.service)) return leave(current, 'output_2', 'text', 0);
        if (config.confirmation_message !== undefined) {
          const refused = send(current, config.confirmation_message);
          if (refused && refused.kind === 'end') return end(current, refused.status, refused.reason);
        }
        return leave(current, 'output_1', 'text', 0);
      }
      case 'ai_reply': {
        if (input.kind !== 'text') return current;
        received();
        const config = node.config as NodeConfigOf<'ai_reply'>;
        const turns = current.attempts + 1;
        const leaveBy = (exit: AiExit): SessionRecord => {
          const summary = config.save_summary_to === undefined ? {} : { [config.save_summary_to]: summaryOf(config.goal, turns, exit) };
          return leave(journal.update(current, { attempts: turns, variables: { ...current.variables, ...summary } }), exit.port, 'text', 0);
        };
        const text = input.text ?? '';
        // 2.5: the AI is muted on an assigned or escalated (or paused) thread, and this step's
        // lines are the AI's (replies.ai): it writes nothing there and hands over by output_2.
        if ((conversationOf(current)?.ai_pause_reason ?? null) !== null) return leaveBy({ port: 'output_2', why: 'muted' });
        // A request for a human wins over anything else the message holds (ai-step.ts).
        if (asksForHuman(text)) return leaveBy({ port: 'output_2', why: 'human' });
        const datum = reachGoal(current, node, config.goal, text);
        if (datum) return leaveBy({ port: 'output_1', datum });
        const refused = send(current, cannedReply(config.goal), 'ai');
        if (refused && refused.kind === 'end') return end(current, refused.status, refused.reason);
        if (turns >= config.max_turns) return leaveBy({ port: 'output_2', why: 'turns' });
        return journal.update(current, { attempts: turns, due_ms: silenceDue(current) });
      }
      default:
        return current;
    }
  }

  /** The session's timer fired: a delay ends, a tap times out, a silent customer's session expires. */
  function timerFired(session: SessionRecord): SessionRecord {
    const node = nodeOf(graphOf(session), session.current_node_id);
    if (session.status === 'delayed') return leave(journal.update(session, { status: 'waiting_input', delay_until_ms: null, due_ms: null }), 'output_1', 'system', 0);
    const windowEnd = windowExpiry(session, conversationOf(session));
    if (node?.type === 'message' && (windowEnd === null || clock.now() < windowEnd)) return leave(session, 'output_timeout', 'system', 0);
    return end(session, 'expired', windowEnd !== null && clock.now() >= windowEnd ? 'window_closed' : 'inactive');
  }

  /**
   * The customer wrote or acted, so the window moved: the session shows the new close, and a
   * question's silence timer (which stood for the old close) follows it. A button message's timer
   * may stand for its `timeout_minutes`, so it stays.
   */
  function windowMoved(session: SessionRecord, patch: Partial<Pick<SessionRecord, 'last_user_message_ms'>> = {}): SessionRecord {
    const windowEnd = windowExpiry(session, conversationOf(session));
    const node = nodeOf(graphOf(session), session.current_node_id);
    const silenceTimer = session.status === 'waiting_input' && node?.type !== 'message' && session.due_ms !== null && session.due_ms === session.window_expires_ms;
    return journal.update(session, { ...patch, window_expires_ms: windowEnd, last_activity_ms: session.last_activity_ms, ...(silenceTimer ? { due_ms: silenceDue(session) } : {}) });
  }

  return {
    /** Runs a new session from its trigger node. */
    start(session: SessionRecord, depth: number): SessionRecord {
      const graph = graphOf(session);
      const trigger = nodeOf(graph, session.current_node_id)!;
      journal.emit(session, 'session_started', { node_key: trigger.id, node_type: trigger.type, input_type: 'system' });
      journal.emit(session, 'node_entered', { node_key: trigger.id, node_type: trigger.type, input_type: 'system' });
      return leave(session, 'output_1', 'system', depth);
    },
    reply,
    end,
    timerFired,
    windowMoved,
    /** A url button was clicked (sandbox): the click is recorded, the session does not move. */
    linkClicked(session: SessionRecord, node: FlowNode, buttonTitle: string): void {
      journal.emit(session, 'link_clicked', { node_key: node.id, node_type: node.type, input_type: 'link', detail: cutChars(buttonTitle, 100) });
      journal.emit(session, 'outcome_achieved', { node_key: node.id, node_type: node.type, detail: 'links_clicked' });
    },
    nodeOf,
    windowExpiry: (session: SessionRecord) => windowExpiry(session, conversationOf(session)),
  };
}

export type Engine = ReturnType<typeof createEngine>;
