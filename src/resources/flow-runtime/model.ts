/**
 * The flow runtime (2.11, 2.12, 3.4, 4.8): sessions that really run, their events, the reads and
 * the analytics. Customers reach it through `messageReceived` (inbound), comment triggers (the
 * model function `startFromComment`, for the comment-trigger group's hook), and the sandbox
 * powers (taps, link clicks, postbacks, referrals). Transitions: ./engine.ts and
 * docs/decisions.md ("Flow runtime", the state table).
 *
 * Timers (delays, tap timeouts, silence expiry) are stored on the session (`due_ms`), so a
 * snapshot carries them; one scheduler task stands for the earliest and is re-armed after a
 * restore. Clock jumps fire every due timer in due order, each at the instant it was due
 * (../shared/due-clock.ts: its line, its events and its next timer are stamped then).
 */
import { invalidParam, notFound } from '../../core/errors.js';
import type { PageRequest } from '../../core/pagination.js';
import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import { z } from 'zod';
import type { Entity } from '../../store/collection.js';
import type { RecordRules } from '../../store/rules.js';
import { EpochMs, storedRecord } from '../shared/schemas.js';
import { FLOW_CHANNELS, type FlowChannel } from '../flows/config-schemas.js';
import type { FlowDefinition } from '../flows/definition.js';
import type { ReceivedMessage } from '../inbound/model.js';
import { CHANNEL_CAPABILITIES } from '../channels/capabilities.js';
import type { ConversationRecord } from '../conversations/model.js';
import type { CommentForFlows } from '../comment-triggers/hooks.js';
import { switchKeyOf } from '../ai-config/switches.js';
import { createAnalytics } from './analytics.js';
import { createEngine, type Reply } from './engine.js';
import { createDueClock } from '../shared/due-clock.js';
import { createJournal } from './journal.js';
import type { RuntimeNeeds } from './needs.js';
import { createReads } from './reads.js';
import { createSeedLoader } from './seed-load.js';
import { createRuntimeRules } from './rules.js';
import { eventIndexes, flowEventRules, sessionIndexes, sessionRules, type FlowEventRecord, type SessionRecord } from './records.js';
import type { AttributionData } from './schemas.js';
import { matchTrigger, type Stimulus } from './triggers.js';
import { takesAMessage } from './took-message.js';
import { createDueTimers } from '../shared/due-timers.js';

export type { RuntimeNeeds } from './needs.js';

/** A line the runtime put into a transcript (overview: `replies.automation`, or `replies.ai` for an ai_reply step's). */
interface ReplyRecord extends Entity {
  readonly session_id: number;
  readonly message_record_id: number;
  readonly sent_ms: number;
  /** The AI wrote it (an `ai_reply` step). Absent on automation lines and on rows older than the flag. */
  readonly by_ai?: true;
}

/** What the comment-trigger group's `commentTriggerFired` hook carries. */
export interface CommentTriggerFired {
  readonly trigger_id: number;
  readonly comment_id: string | number;
  readonly post_id: string | number | null;
  readonly matched_keyword: string | null;
  readonly contact_id: number;
  readonly conversation_id: number;
  readonly channel: string;
}

const replyRules: RecordRules<ReplyRecord> = {
  schema: storedRecord({
    session_id: z.number().int().positive(),
    message_record_id: z.number().int().positive(),
    sent_ms: EpochMs,
    by_ai: z.literal(true).optional(),
  }) as unknown as z.ZodType<ReplyRecord>,
  sequence: 'flow_reply',
};

/** A session whose customer wrote again within this long after it expired is reactivated (not a new run). */
export const REACTIVATION_MS = 7 * 24 * 3600_000;
const DAY_MS = 86_400_000;
const isFlowChannel = (channel: string): channel is FlowChannel => (FLOW_CHANNELS as readonly string[]).includes(channel);

export function createRuntimeModel(core: CoreServices, needs: RuntimeNeeds) {
  const { store, scheduler, logger } = core;
  // Everything the runtime does on a timer happens at the instant it was due (../shared/due-clock.ts).
  const dueClock = createDueClock(core.clock);
  const clock = dueClock.clock;
  const timedCore: CoreServices = { ...core, clock };
  const sessions = store.define<SessionRecord>('flow_sessions', sessionIndexes, sessionRules, {
    // GET /flow-sessions `updated_since` filters on the last activity (reads.ts).
    accountKey: (row) => row.last_activity_ms,
  });
  const events = store.define<FlowEventRecord>('flow_events', eventIndexes, flowEventRules, {
    // GET /flow-events `since` filters on the time the event occurred (reads.ts).
    accountKey: (row) => row.occurred_ms,
  });
  const replies = store.define<ReplyRecord>('flow_replies', { session: { key: (row: ReplyRecord) => String(row.session_id) } }, replyRules);
  const journal = createJournal(timedCore, sessions, events, (due) => dueTimers.armAt(due), (event) => {
    analytics.appended(event.flow_id);
    if (hearing?.open === true && takesAMessage(event)) hearing.took = true;
  });

  /**
   * The inbound message being heard now, and whether a flow took it (./took-message.ts). The AI
   * hears each message right after the runtime (registry order) and asks `messageTaken`, so one
   * slot (the last message heard) answers it exactly, by message id, whatever the clock does.
   */
  let hearing: { conversation_id: number; message_id: number; took: boolean; open: boolean } | undefined;

  /** Published versions never change (section 9): cache their graphs; a restore may reuse ids, so it clears. */
  const graphs = new Map<string, FlowDefinition>();
  function graphOf(session: SessionRecord): FlowDefinition {
    const key = `${session.flow_id}:${session.flow_version}`;
    let graph = graphs.get(key);
    if (!graph) {
      graph = needs.flows.publishedVersion(session.account_id, session.flow_id, session.flow_version)?.definition;
      if (!graph) throw new Error(`flow ${session.flow_id} v${session.flow_version} is gone`);
      graphs.set(key, graph);
    }
    return graph;
  }

  /** A line the runtime put into a transcript for `session` (a live send, or a seeded run's line). */
  function recordReply(session: SessionRecord, messageId: number, sentMs: number, byAi = false): void {
    replies.insert({
      id: store.nextId('flow_reply'),
      account_id: session.account_id,
      session_id: session.id,
      message_record_id: messageId,
      sent_ms: sentMs,
      ...(byAi ? { by_ai: true as const } : {}),
    });
  }

  const engine = createEngine(timedCore, needs, journal, graphOf, {
    startTarget: (from, flowId, depth) => {
      const target = needs.flows.running(from.account_id).find((live) => live.flow.id === flowId);
      if (target) start(from.account_id, target, from.contact_id, from.conversation_id, from.channel, { ...from.attribution }, depth);
    },
    replied: (session, messageId, writer) => recordReply(session, messageId, clock.now(), writer === 'ai'),
    repliesSent: (session) => replies.idsByIndex('session', String(session.id)).length,
    completed: (session) => {
      if (needs.flows.publishedVersion(session.account_id, session.flow_id, session.flow_version)) needs.flows.recordStats(session.account_id, session.flow_id, { entries: 0, completions: 1 });
    },
    waiting: (session) => supersedeOthers(session),
  });

  /**
   * One question in flight per thread: the customer's next message answers the newest question
   * (`receive`), so an older session still waiting for input in the same conversation could never
   * be answered. It ends `cancelled` / `superseded` (docs/decisions.md, "Flow runtime seams").
   */
  function supersedeOthers(session: SessionRecord): void {
    for (const id of [...sessions.idsByIndex('open', String(session.contact_id))]) {
      const other = sessions.get(id)!;
      if (other.id !== session.id && other.status === 'waiting_input' && other.conversation_id === session.conversation_id) engine.end(other, 'cancelled', 'superseded');
    }
  }

  // ---- timers --------------------------------------------------------------------------------
  const dueTimers = createDueTimers<SessionRecord>({
    core: { store, clock, scheduler, logger },
    label: (id) => `flow session ${id} timer`,
    pending: () => sessions.idsByIndex('timer', 'due').map((id) => sessions.get(id)!),
    dueOf: (session) => session.due_ms,
    fire: (id, now) => {
      const fresh = sessions.get(id);
      if (fresh && fresh.due_ms !== null && fresh.due_ms <= now) oneChange(() => dueClock.at(fresh.due_ms!, () => engine.timerFired(fresh)));
    },
  });

  // ---- starting sessions -----------------------------------------------------------------------
  type Live = ReturnType<RuntimeNeeds['flows']['running']>[number];

  function openSessionIn(contactId: number, flowId: number): SessionRecord | undefined {
    for (const id of sessions.idsByIndex('open', String(contactId))) {
      const session = sessions.get(id)!;
      if (session.flow_id === flowId) return session;
    }
    return undefined;
  }

  function start(accountId: number, live: Live, contactId: number, conversationId: number, channel: FlowChannel, attribution: AttributionData, depth = 0): SessionRecord | undefined {
    if (openSessionIn(contactId, live.flow.id)) return undefined;
    const now = clock.now();
    const conversation = needs.conversations.find(accountId, conversationId);
    const session = sessions.insert({
      id: store.nextId('flow_session'),
      account_id: accountId,
      flow_id: live.flow.id,
      flow_version: live.version.version,
      channel,
      contact_id: contactId,
      conversation_id: conversationId,
      status: 'waiting_input',
      end_reason: null,
      current_node_id: '1',
      attribution,
      started_ms: now,
      last_activity_ms: now,
      last_user_message_ms: conversation?.last_inbound_ms ?? null,
      delay_until_ms: null,
      window_expires_ms: null,
      due_ms: null,
      variables: {},
      attempts: 0,
    });
    needs.flows.recordStats(accountId, live.flow.id, { entries: 1, completions: 0 });
    if (live.flow.tag_id !== null) {
      const tag = needs.tags.find(accountId, live.flow.tag_id);
      if (tag) needs.contacts.attachTag(accountId, contactId, tag.name, 'inbound');
    }
    return engine.start(session, depth);
  }

  function automationOn(accountId: number, channel: FlowChannel): boolean {
    return needs.aiConfig.switches.stateOf(accountId, switchKeyOf(channel)).automation_enabled;
  }

  /** Whether the person ever had a session of the flow (story_mention `once_per_person`). */
  function everIn(contactId: number, flowId: number): boolean {
    return sessions.idsByIndex('contact', String(contactId)).some((id) => sessions.get(id)!.flow_id === flowId);
  }

  /** The flow a stimulus starts: the strongest match, then the highest priority, then the oldest flow. */
  function trigger(accountId: number, channel: FlowChannel, stimulus: Stimulus, contactId: number, conversationId: number, extra: Partial<AttributionData> = {}): SessionRecord | undefined {
    // 2.18: with the channel's automation switched off, no flow starts there (docs/decisions.md).
    if (!automationOn(accountId, channel)) return undefined;
    const candidates = needs.flows
      .running(accountId)
      .filter((live) => live.version.channels.includes(channel) && live.flow.channels.includes(channel))
      .filter((live) => !(live.version.definition.trigger.source === 'story_mention' && live.version.definition.trigger['once_per_person'] === true && everIn(contactId, live.flow.id)))
      .map((live) => ({ live, match: matchTrigger(live.version.definition.trigger, stimulus) }))
      .filter((candidate) => candidate.match !== undefined)
      .sort((a, b) => b.match!.strength - a.match!.strength || b.live.flow.priority - a.live.flow.priority || a.live.flow.id - b.live.flow.id);
    for (const { live, match } of candidates) {
      // One session per customer per flow: a second trigger of a flow the person is in starts nothing.
      if (openSessionIn(contactId, live.flow.id)) return undefined;
      const attribution = { post_id: extra.post_id ?? null, comment_id: extra.comment_id ?? null, matched_keyword: match!.matched_keyword ?? extra.matched_keyword ?? null };
      return start(accountId, live, contactId, conversationId, channel, attribution);
    }
    return undefined;
  }

  /** An expired waiting session of this contact the customer may pick up again. */
  function reactivatable(contactId: number): SessionRecord | undefined {
    const ids = sessions.idsByIndex('contact', String(contactId));
    const last = ids.last();
    const latest = last === undefined ? undefined : sessions.get(last);
    if (!latest || latest.status !== 'expired' || clock.now() - latest.last_activity_ms > REACTIVATION_MS) return undefined;
    const live = needs.flows.running(latest.account_id).find((candidate) => candidate.flow.id === latest.flow_id);
    if (!live || live.version.version !== latest.flow_version) return undefined;
    const node = engine.nodeOf(graphOf(latest), latest.current_node_id);
    return node && ['collect_input', 'book_appointment', 'ai_reply', 'message'].includes(node.type) ? latest : undefined;
  }

  function receive(accountId: number, message: ReceivedMessage): void {
    if (!isFlowChannel(message.channel)) return;
    const channel = message.channel;
    const contact = needs.contacts.find(accountId, message.contact_id);
    if (!contact) return;
    const open = sessions.idsByIndex('open', String(contact.id)).map((id) => sessions.get(id)!);
    const now = clock.now();
    for (const session of open) engine.windowMoved(session, { last_user_message_ms: now });
    // A story mention or a shared post is not typed: it answers no question and revives none; it
    // goes to its own sources as if nothing waited (docs/decisions.md, "Flow runtime seams").
    const answers = message.event !== 'story_mention' && message.event !== 'shared_post';
    const waiting = answers ? open.filter((session) => session.status === 'waiting_input').sort((a, b) => b.last_activity_ms - a.last_activity_ms || b.id - a.id)[0] : undefined;
    if (waiting) {
      engine.reply(sessions.get(waiting.id)!, { kind: 'text', text: message.text });
      return;
    }
    const first = contact.first_user_message_at === message.received_at && !sessions.idsByIndex('contact', String(contact.id)).length;
    const silentDays = message.previous_inbound_ms === null ? null : Math.floor((now - message.previous_inbound_ms) / DAY_MS);
    const stimulus: Stimulus = { kind: 'message', text: message.text, first, silentDays, event: message.event, post_id: message.post_id };
    const started = trigger(accountId, channel, stimulus, contact.id, message.conversation_id, { post_id: message.post_id });
    if (started || !answers) return;
    const expired = automationOn(accountId, channel) ? reactivatable(contact.id) : undefined;
    if (expired) {
      const revived = journal.update(expired, { status: 'waiting_input', end_reason: null, last_user_message_ms: now, window_expires_ms: engine.windowExpiry(expired) });
      journal.emit(revived, 'session_reactivated', { node_key: revived.current_node_id, node_type: engine.nodeOf(graphOf(revived), revived.current_node_id)?.type ?? null, input_type: 'text' });
      engine.reply(revived, { kind: 'text', text: message.text });
    }
  }

  function getSession(accountId: number, id: number): SessionRecord {
    const session = sessions.getOwned(accountId, id);
    if (!session) throw notFound('Flow session');
    return session;
  }

  /** One customer stimulus (a message, a comment, a tap, a timer) is one contact.updated per contact it changed. */
  const oneChange = <T>(work: () => T): T => needs.contacts.holdingEvents(work);

  function startFromComment(accountId: number, fired: CommentTriggerFired): SessionRecord | undefined {
    if (!isFlowChannel(fired.channel)) return undefined;
    // A trigger on "all posts" fired on a comment whose post the platform did not name.
    const postId = fired.post_id === null ? null : String(fired.post_id);
    return trigger(accountId, fired.channel, { kind: 'comment', trigger_id: fired.trigger_id, post_id: postId, matched_keyword: fired.matched_keyword }, fired.contact_id, fired.conversation_id, {
      post_id: postId,
      comment_id: String(fired.comment_id),
      matched_keyword: fired.matched_keyword,
    });
  }

  /**
   * The comment-trigger group's `commentForFlows` hook: a comment no trigger answered starts the
   * native comment flow that matched it, or on a live video a live_comment flow whose keywords
   * it matches. The commenter becomes a contact with a conversation (the flow's first message is
   * the comment's private reply). Answers the flow started.
   */
  function startFromCommentFlow(accountId: number, comment: CommentForFlows): number | undefined {
    const channel = comment.channel;
    if (!automationOn(accountId, channel)) return undefined;
    const running = needs.flows.running(accountId).filter((live) => live.version.channels.includes(channel) && live.flow.channels.includes(channel));
    let chosen: { live: Live; keyword: string | null } | undefined;
    if (comment.native) {
      const live = running.find((candidate) => candidate.flow.id === comment.native!.flow_id);
      if (live) chosen = { live, keyword: comment.native.matched_keyword };
    } else if (comment.source_type === 'live') {
      const matches = running
        .map((live) => ({ live, match: matchTrigger(live.version.definition.trigger, { kind: 'live_comment', text: comment.text }) }))
        .filter((candidate) => candidate.match !== undefined)
        .sort((a, b) => b.match!.strength - a.match!.strength || b.live.flow.priority - a.live.flow.priority || a.live.flow.id - b.live.flow.id);
      if (matches[0]) chosen = { live: matches[0].live, keyword: matches[0].match!.matched_keyword };
    }
    if (!chosen) return undefined;
    const contact = needs.contacts.upsertFromInbound(accountId, {
      channel,
      platform_user_id: comment.commenter.id,
      kind: 'comment',
      ...(comment.commenter.name !== null ? { name: comment.commenter.name } : {}),
      ...(comment.commenter.username !== null && channel === 'instagram' ? { ig_username: comment.commenter.username } : {}),
    });
    const { conversation } = needs.conversations.openFor(accountId, contact);
    const session = start(accountId, chosen.live, contact.id, conversation.id, channel, { post_id: comment.post_id, comment_id: comment.comment_id, matched_keyword: chosen.keyword });
    return session ? chosen.live.flow.id : undefined;
  }

  /**
   * A referral (ref link, QR code, click-to-message ad) is the customer acting in the thread
   * without writing: on a channel with a messaging window it opens the window as a message does
   * (docs/decisions.md, L3), and the person's open sessions show the new close. It is not a
   * message: no transcript line, no `last_user_message_at`.
   */
  function customerActed(conversation: ConversationRecord): void {
    if (CHANNEL_CAPABILITIES[conversation.channel].windowMs === null) return;
    needs.conversations.system.setState(conversation.account_id, conversation.id, { window: 'open' });
    for (const id of [...sessions.idsByIndex('open', String(conversation.contact_id))]) engine.windowMoved(sessions.get(id)!);
  }

  /**
   * A postback (a message's button or a persistent-menu button tapped) is a customer line (spec
   * 2.6 type `postback`, the button's title; decision L3), written by the inbound group as it
   * writes a message: it moves the thread's window and `last_message_at`, the contact's
   * `last_seen_at`, and here, as a message does, the person's open sessions' `last_user_message_at`
   * and `window_expires_at`. A blocked person's tap writes nothing (the platform drops it); it acts as before.
   */
  function customerTapped(conversation: ConversationRecord, title: string): void {
    if (!needs.inbound.postback(conversation.account_id, conversation.id, title)) return customerActed(conversation);
    const now = clock.now();
    for (const id of [...sessions.idsByIndex('open', String(conversation.contact_id))]) engine.windowMoved(sessions.get(id)!, { last_user_message_ms: now });
  }

  /** A menu button's title: the `button_title` of a `button_tap` flow with its payload (running first), else the payload. */
  function menuTitle(accountId: number, payload: string): string {
    const ofPayload = (trigger: FlowDefinition['trigger']): string | undefined =>
      trigger.source === 'button_tap' && trigger['payload'] === payload && typeof trigger['button_title'] === 'string' ? trigger['button_title'] : undefined;
    for (const live of needs.flows.running(accountId)) {
      const title = ofPayload(live.version.definition.trigger);
      if (title !== undefined) return title;
    }
    for (const flow of needs.flows.flowsOf(accountId)) {
      const version = flow.published_version === null ? undefined : needs.flows.publishedVersion(accountId, flow.id, flow.published_version);
      const title = version === undefined ? undefined : ofPayload(version.definition.trigger);
      if (title !== undefined) return title;
    }
    return payload;
  }

  /** Sandbox: a persistent-menu postback or a ref/ad referral reached the conversation. */
  function stimulate(accountId: number, conversationId: number, stimulus: Stimulus): SessionRecord | undefined {
    const conversation = needs.conversations.find(accountId, conversationId);
    if (!conversation) throw notFound('Conversation');
    if (!isFlowChannel(conversation.channel)) throw invalidParam('conversation_id', `Flows do not run on ${conversation.channel}.`);
    if (stimulus.kind === 'postback') customerTapped(conversation, menuTitle(accountId, stimulus.payload));
    else customerActed(conversation);
    return trigger(accountId, conversation.channel, stimulus, conversation.contact_id, conversation.id);
  }

  /** Sandbox: the customer taps the n-th postback button of the message the session waits on. */
  function tap(accountId: number, id: number, button: number): SessionRecord {
    const session = getSession(accountId, id);
    const node = engine.nodeOf(graphOf(session), session.current_node_id);
    const postbacks = node?.type === 'message' ? ((node.config['buttons'] as { type: string; title: string }[] | undefined) ?? []).filter((b) => b.type === 'postback') : [];
    if (session.status !== 'waiting_input' || postbacks.length === 0) throw invalidParam('button', 'The session is not waiting for a button tap.');
    if (button > postbacks.length) throw invalidParam('button', `The message has ${postbacks.length} postback button(s).`);
    const conversation = needs.conversations.find(accountId, session.conversation_id);
    if (conversation) customerTapped(conversation, postbacks[button - 1]!.title);
    return engine.reply(sessions.get(session.id)!, { kind: 'tap', index: button });
  }

  const rules = createRuntimeRules();
  const reads = createReads(core, needs, sessions, events, rules);
  const analytics = createAnalytics(core, needs, events, rules);

  return {
    rules,
    ...reads,
    analytics: analytics.compute,
    /** The `flow_sessions` seed section (./seed.ts). */
    seed: createSeedLoader(core, needs, sessions, events, (session, messageId, sentMs) => recordReply(session, messageId, sentMs)),

    /** `messageReceived` (inbound): answers a waiting session, else starts or reactivates one. */
    receive(accountId: number, message: ReceivedMessage): void {
      // Only events recorded while the runtime hears the message count: a referral or a timer
      // that starts or moves a session afterwards never marks the message as taken.
      hearing = { conversation_id: message.conversation_id, message_id: message.message_id, took: false, open: true };
      try {
        oneChange(() => receive(accountId, message));
      } finally {
        hearing.open = false;
      }
    },

    /**
     * The id of the last inbound message the runtime heard in this conversation when a flow took
     * it (answered a waiting session, started or revived one: ./took-message.ts); null when it
     * took none, or the last message it heard was in another conversation.
     */
    messageTaken(conversationId: number): number | null {
      return hearing !== undefined && hearing.conversation_id === conversationId && hearing.took ? hearing.message_id : null;
    },

    /** The comment-trigger group's `commentTriggerFired` hook, wired at merge: starts the linked flow. */
    startFromComment: (accountId: number, fired: CommentTriggerFired): SessionRecord | undefined => oneChange(() => startFromComment(accountId, fired)),

    /** The comment-trigger group's `commentForFlows` hook: a native comment or live_comment flow (see the function). */
    startFromCommentFlow: (accountId: number, comment: CommentForFlows): number | undefined => oneChange(() => startFromCommentFlow(accountId, comment)),

    /** Sandbox: a persistent-menu postback or a ref/ad referral reached the conversation. */
    stimulate: (accountId: number, conversationId: number, stimulus: Stimulus): SessionRecord | undefined => oneChange(() => stimulate(accountId, conversationId, stimulus)),

    /** Sandbox: the customer taps the n-th postback button of the message the session waits on. */
    tap: (accountId: number, id: number, button: number): SessionRecord => oneChange(() => tap(accountId, id, button)),

    /** Sandbox: the customer clicks a url button of a message node the session went through. */
    click(accountId: number, id: number, nodeId: string, button: number): SessionRecord {
      const session = getSession(accountId, id);
      const node = engine.nodeOf(graphOf(session), nodeId);
      const urls = node?.type === 'message' ? ((node.config['buttons'] as { type: string; title: string }[] | undefined) ?? []).filter((b) => b.type === 'url') : [];
      if (!node || urls.length === 0) throw invalidParam('node_id', `Node ${nodeId} has no url button.`);
      const reached = events.idsByIndex('session', String(session.id)).some((eventId) => {
        const event = events.get(eventId)!;
        return event.type === 'node_entered' && event.node_key === nodeId;
      });
      if (!reached) throw invalidParam('node_id', `The session never reached node ${nodeId}.`);
      const target = urls[button - 1];
      if (!target) throw invalidParam('button', `Node ${nodeId} has ${urls.length} url button(s).`);
      engine.linkClicked(session, node, target.title);
      return sessions.get(session.id)!;
    },

    /** 3.3: pausing a flow cancels everyone mid-session; answers how many. */
    cancelFlow(accountId: number, flowId: number, reason: string): number {
      let count = 0;
      for (const id of [...sessions.idsByIndex('flow', String(flowId))]) {
        const session = sessions.get(id)!;
        if (session.account_id !== accountId || (session.status !== 'waiting_input' && session.status !== 'delayed')) continue;
        engine.end(session, 'cancelled', reason);
        count++;
      }
      return count;
    },

    /** 3.3: deleting a flow drops its sessions and their events. */
    dropFlow(accountId: number, flowId: number): void {
      for (const id of [...sessions.idsByIndex('flow', String(flowId))]) {
        const session = sessions.get(id)!;
        if (session.account_id !== accountId) continue;
        for (const eventId of [...events.idsByIndex('session', String(id))]) events.remove(eventId);
        sessions.remove(id);
      }
    },

    /**
     * A thread was deleted: its sessions still waiting for an answer or a delay could never go on
     * (the engine would end them `conversation_deleted` on their next step), so they end now, the
     * same way. They and their events stay: DELETE /conversations keeps analytics rows (4.4).
     */
    endConversation(accountId: number, contactId: number, conversationId: number): void {
      for (const id of [...sessions.idsByIndex('open', String(contactId))]) {
        const session = sessions.get(id)!;
        if (session.account_id === accountId && session.conversation_id === conversationId) engine.end(session, 'cancelled', 'conversation_deleted');
      }
    },

    /** A contact was erased: its sessions and their events go with it. */
    dropContact(accountId: number, contactId: number): void {
      for (const id of [...sessions.idsByIndex('contact', String(contactId))]) {
        if (sessions.get(id)!.account_id !== accountId) continue;
        for (const eventId of [...events.idsByIndex('session', String(id))]) events.remove(eventId);
        sessions.remove(id);
      }
    },

    /** For the overview dashboard (2.14): sessions of a flow started in [fromMs, toMs); null bounds are open. */
    entriesBetween(accountId: number, flowId: number, fromMs: number | null, toMs: number | null): number {
      let count = 0;
      for (const id of sessions.idsByIndex('flow', String(flowId))) {
        const session = sessions.get(id)!;
        if (session.account_id === accountId && (fromMs === null || session.started_ms >= fromMs) && (toMs === null || session.started_ms < toMs)) count++;
      }
      return count;
    },

    /**
     * For the overview dashboard (2.14 `replies.automation`): the message ids of the automation
     * replies sent at or after `fromMs`. Ids, not a count: the overview moves exactly those `bot`
     * lines from `ai` to `automation`, in whichever window their own analytics row falls.
     */
    automationReplyIdsSince(accountId: number, fromMs: number): ReadonlySet<number> {
      const ids = new Set<number>();
      // An ai_reply step's lines stay the AI's (`replies.ai`): the AI wrote them, inside a flow.
      for (const reply of replies.ofAccount(accountId)) if (reply.sent_ms >= fromMs && reply.by_ai !== true) ids.add(reply.message_record_id);
      return ids;
    },

    timers: {
      start(): void {
        hearing = undefined;
        graphs.clear();
        analytics.forget();
        dueTimers.start();
      },
      stop: dueTimers.stop,
      fireDue: dueTimers.fireDue,
    },
  };
}

export type RuntimeModel = ReturnType<typeof createRuntimeModel>;
export type { Reply };
