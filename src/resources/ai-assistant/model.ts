/**
 * The sandbox's AI (2.17, 2.19; docs/decisions.md, "The sandbox's AI acts as configured"): what
 * it does with a customer's message, on the virtual clock, deterministically.
 *
 * It hears a message after the flow runtime (registry order), and only where it is live: the
 * channel's AI on, the thread not muted, the customer messageable (knowledge `aiLive`), and no
 * flow took the message (the flow runtime's `messageTaken`). Then, in order:
 * 1. an escalation switch that applies (./escalation.ts) escalates the thread, as a flow's handoff
 *    does, and the AI says nothing more;
 * 2. a question, or a booking request while `booking.enabled` is off (./booking.ts), will get a
 *    reply: with `behavior.batch_messages` on, it waits `batch_window_ms` from the first answered
 *    message of the batch and answers every question of it in one `bot` message; off, at once;
 * 3. when the reply goes out (the thread still live, the customer messageable), each question is
 *    heard: the booking decline, or the knowledge base (an FAQ's use counted, or a gap opened or
 *    seen again), and the reply says what it gave: the FAQ's answer, or the gap's `ai_response`
 *    (one source of truth). A reply dropped before then leaves no gap and no FAQ use (audit 8, N2);
 * 4. after its reply, with follow-ups available and on, a `followup` message at
 *    `first_delay_minutes` and a second `second_delay_hours` after it, moved out of the quiet hours
 *    in force when it falls due, dropped once the customer writes.
 * Every message it sends follows the send rules of sending/recipient-rules.ts, judged at the
 * instant it is due.
 */
import type { CoreServices } from '../../groups/services.js';
import type { AiConfigModel } from '../ai-config/model.js';
import { windowOpen } from '../channels/capabilities.js';
import { ApiError } from '../../core/errors.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationRecord, ConversationsModel } from '../conversations/model.js';
import { goalDatum } from '../flow-runtime/ai-step.js';
import type { RuntimeModel } from '../flow-runtime/model.js';
import type { ReceivedMessage } from '../inbound/model.js';
import type { Hearing } from '../knowledge/gaps.js';
import type { KnowledgeModel } from '../knowledge/model.js';
import type { MessageRecord, MessagesModel } from '../messages/model.js';
import type { SendingModel } from '../sending/model.js';
import type { TeamModel } from '../team/model.js';
import { BOOKING_DECLINE, asksToBook } from './booking.js';
import { escalationCause } from './escalation.js';
import { cutChars } from '../shared/characters.js';
import { createDueTimers } from '../shared/due-timers.js';
import { outsideQuietHours } from './quiet-hours.js';
import { greetedIndexes, greetedRules, timerIndexes, timerRules, type GreetedRecord, type TimerRecord } from './records.js';

export interface AssistantNeeds {
  readonly aiConfig: AiConfigModel;
  readonly contacts: ContactsModel;
  readonly conversations: ConversationsModel;
  readonly messages: MessagesModel;
  readonly sending: SendingModel;
  readonly team: TeamModel;
  readonly knowledge: KnowledgeModel;
  readonly flowRuntime: RuntimeModel;
}

/** What the AI writes when the customer has not answered its reply (step 1, step 2). */
export const FOLLOWUP_TEXTS: Readonly<Record<1 | 2, string>> = {
  1: 'Just checking in: did that answer your question?',
  2: "I'm still here if you need anything else. Just reply to this message.",
};

/**
 * A reply timer's `step` says what its `answers` hold: QUESTIONS, the batch's questions, heard
 * when the reply goes out (audit 8, N2); 0, answers heard when the messages came (a timer stored
 * before audit 8, in a snapshot or a `serve --state` file).
 */
const QUESTIONS = 1;
/** The most questions one batch holds (`ai_timers.answers` is bounded). */
const MAX_BATCH = 100;
/** The longest question a batch keeps (`ai_timers.answers` entries are bounded). */
const MAX_QUESTION = 20_000;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A message's text is at most 4096 characters (2.6, POST /messages). */
const MAX_TEXT = 4096;

/** What the AI says to a heard question, or null when it heard nothing to answer. */
function answerOf(hearing: Hearing): string | null {
  if (hearing.kind === 'answered') return hearing.faq.answer;
  if (hearing.kind === 'gap') return hearing.gap.ai_response;
  return null;
}

export function createAssistantModel(core: CoreServices, needs: AssistantNeeds) {
  const { store, clock } = core;
  const timers = store.define<TimerRecord>('ai_timers', timerIndexes, timerRules);
  const greeted = store.define<GreetedRecord>('ai_greeted', greetedIndexes, greetedRules);

  /**
   * Whether this reply is the AI's first on the thread (then it carries the welcome, N10), and
   * the thread marked as greeted. A thread with an earlier line of the AI's (a `bot` line signed
   * with its name, or a follow-up: seeds, threads from before the mark) counts as greeted.
   */
  function firstReply(conversation: ConversationRecord, aiName: string): boolean {
    if (greeted.findUnique('conversation', String(conversation.id))) return false;
    const spoke = needs.messages.anyLine(conversation.id, (row) => row.sender_type === 'followup' || (row.sender_type === 'bot' && row.sender_name === aiName));
    greeted.insert({ id: store.nextId('ai_greeted'), account_id: conversation.account_id, conversation_id: conversation.id });
    return !spoke;
  }

  const timersOf = (conversationId: number, kind: TimerRecord['kind']): TimerRecord[] =>
    timers.idsByIndex('conversation', String(conversationId)).map((id) => timers.get(id)!).filter((timer) => timer.kind === kind);

  function cancel(conversationId: number, kind: TimerRecord['kind']): void {
    for (const timer of timersOf(conversationId, kind)) timers.remove(timer.id);
  }

  function schedule(accountId: number, conversationId: number, kind: TimerRecord['kind'], dueMs: number, answers: readonly string[], step: number): void {
    timers.insert({ id: store.nextId('ai_timer'), account_id: accountId, conversation_id: conversationId, kind, due_ms: dueMs, answers: [...answers], step });
    dueTimers.armAt(dueMs);
  }

  /**
   * `behavior.goals` with `capture_leads` (N13): an email address (first choice) or a phone number
   * in the customer's message is saved to the contact, by the flow `ai_reply` step's own rule
   * (flow-runtime/ai-step.ts `goalDatum`: one AI, one reading of the goal). The contact writer
   * fires `lead.captured` when the contact first holds one, as for the step. A value the contact
   * rules refuse is not saved.
   */
  function captureLead(accountId: number, contactId: number, text: string, goals: readonly string[]): void {
    if (!goals.includes('capture_leads')) return;
    const datum = goalDatum('capture_leads', text);
    if (datum?.kind !== 'email' && datum?.kind !== 'phone') return;
    const contact = needs.contacts.find(accountId, contactId);
    if (!contact || contact[datum.kind] === datum.value) return;
    try {
      // As the flow runtime's writes: the AI acts on customer traffic (contact events name `inbound`).
      needs.contacts.update(accountId, contactId, { [datum.kind]: datum.value }, 'inbound');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }

  const teamOnline = (accountId: number): boolean => needs.team.list(accountId).some((member) => member.status === 'online');

  /** The platform would take a message to this thread's customer at `atMs` (the shared send rules). */
  function messageable(conversation: ConversationRecord, atMs: number): boolean {
    const rules = needs.sending.recipients;
    return rules.connection(conversation) === undefined && rules.person(conversation, 'message') === undefined && windowOpen(conversation.channel, conversation.last_inbound_ms, atMs);
  }

  /** The thread as it stands, when the AI may still speak in it: live, and its customer messageable at `atMs`. */
  function liveThread(accountId: number, conversationId: number, atMs: number): ConversationRecord | undefined {
    const conversation = needs.conversations.find(accountId, conversationId);
    if (!conversation || !needs.knowledge.aiLive(accountId, conversation.id, conversation.channel)) return undefined;
    return messageable(conversation, atMs) ? conversation : undefined;
  }

  /**
   * What the AI says to each question, heard now, when the reply goes out: the fixed decline for a
   * booking request while booking is off (N9), else what the knowledge base gives (an FAQ use
   * counted, a gap opened or seen again). Distinct answers, in the order asked.
   */
  function answersTo(accountId: number, conversation: ConversationRecord, questions: readonly string[], bookingEnabled: boolean, heard: readonly string[]): string[] {
    const answers = [...heard];
    for (const text of questions) {
      const answer = !bookingEnabled && asksToBook(text) ? BOOKING_DECLINE : answerOf(needs.knowledge.hear(accountId, { channel: conversation.channel, conversation_id: conversation.id, text }));
      if (answer !== null && !answers.includes(answer)) answers.push(answer);
    }
    return answers;
  }

  /**
   * The AI's reply (`bot`) to `questions`, then the first follow-up armed. Stamped at the instant
   * it was due. The knowledge base hears the questions only here, once the reply is sure to go out
   * (audit 8, N2): a reply dropped by escalation, assignment, opt-out, deletion or the send rules
   * leaves no gap and no FAQ use. `heard`: answers of a timer stored before that rule (already heard).
   */
  function reply(accountId: number, conversationId: number, questions: readonly string[], atMs: number, heard: readonly string[] = []): void {
    const conversation = liveThread(accountId, conversationId, atMs);
    if (!conversation) return;
    const settings = needs.aiConfig.assistantSettings(accountId);
    const answers = answersTo(accountId, conversation, questions, settings.booking_enabled, heard);
    if (answers.length === 0) return;
    // The welcome (2.17 identity) opens the AI's first reply on a thread: in it (`combined`) or as a line of its own before it (`standalone`).
    const welcome = settings.welcome.message.trim() !== '' && firstReply(conversation, settings.name) ? settings.welcome.message : null;
    let thread = conversation;
    if (welcome !== null && settings.welcome.mode === 'standalone') {
      thread = needs.conversations.append(thread, { sender_type: 'bot', sender_name: settings.name, text: cutChars(welcome, MAX_TEXT), at_ms: atMs }).conversation;
    }
    const lines = welcome !== null && settings.welcome.mode === 'combined' ? [welcome, ...answers] : answers;
    needs.conversations.append(thread, { sender_type: 'bot', sender_name: settings.name, text: cutChars(lines.join('\n\n'), MAX_TEXT), at_ms: atMs });
    cancel(conversation.id, 'followup');
    const { followups } = settings;
    if (followups.available && followups.enabled) {
      schedule(accountId, conversation.id, 'followup', atMs + followups.first_delay_minutes * MINUTE_MS, [], 1);
    }
  }

  /**
   * A follow-up is due: sent when the thread is still live, open and messageable; the first arms
   * the second. Quiet hours are read now, as they stand (audit 9b, P3), like `enabled`: a
   * follow-up due inside them waits for their end (and is judged again then), so quiet hours
   * switched on after the reply hold it back, and switched off before it is due let it go on time.
   */
  function followUp(timer: TimerRecord): void {
    const { account_id: accountId, conversation_id: conversationId, due_ms: atMs } = timer;
    const settings = needs.aiConfig.assistantSettings(accountId);
    const { followups } = settings;
    if (!followups.available || !followups.enabled) return;
    const step = timer.step === 2 ? 2 : 1;
    const released = outsideQuietHours(atMs, followups.quiet_hours, settings.timezone);
    if (released > atMs) {
      schedule(accountId, conversationId, 'followup', released, [], step);
      return;
    }
    const conversation = liveThread(accountId, conversationId, atMs);
    if (!conversation || conversation.status === 'resolved' || conversation.status === 'archived') return;
    needs.conversations.append(conversation, { sender_type: 'followup', sender_name: settings.name, text: FOLLOWUP_TEXTS[step], at_ms: atMs });
    if (step === 1) {
      schedule(accountId, conversationId, 'followup', atMs + followups.second_delay_hours * HOUR_MS, [], 2);
    }
  }

  function fire(timer: TimerRecord): void {
    if (timer.kind === 'reply' && timer.step === QUESTIONS) reply(timer.account_id, timer.conversation_id, timer.answers, timer.due_ms);
    else if (timer.kind === 'reply') reply(timer.account_id, timer.conversation_id, [], timer.due_ms, timer.answers);
    else followUp(timer);
  }

  // ---- timers on the virtual clock (stored, so snapshots carry them; one scheduler task for the earliest)
  const dueTimers = createDueTimers<TimerRecord>({
    core,
    label: (id) => `AI timer ${id}`,
    pending: () => timers.idsByIndex('all', 'all').map((id) => timers.get(id)!),
    dueOf: (timer) => timer.due_ms,
    fire: (id) => {
      const fresh = timers.get(id);
      if (!fresh) return;
      timers.remove(fresh.id);
      fire(fresh);
    },
  });

  return {
    /** `messageReceived` (inbound), heard after the flow runtime. */
    heard(accountId: number, message: ReceivedMessage): void {
      const conversation = needs.conversations.find(accountId, message.conversation_id);
      if (!conversation) return;
      // The customer wrote: the follow-ups waiting on their silence are off.
      cancel(conversation.id, 'followup');
      // The runtime hears each message first and names the one it took (flow-runtime/took-message.ts, N3).
      const flowTook = needs.flowRuntime.messageTaken(conversation.id) === message.message_id;
      if (flowTook || !needs.knowledge.aiLive(accountId, conversation.id, conversation.channel)) return;

      const settings = needs.aiConfig.assistantSettings(accountId);
      const latest = needs.messages.latestInbound(conversation.id);
      const attachments = latest?.id === message.message_id ? latest.attachments : [];
      const cause = escalationCause({ auto_escalation: settings.behavior.auto_escalation, file_handling: settings.file_handling }, { text: message.text, attachments }, () =>
        teamOnline(accountId),
      );
      if (cause !== null) {
        // The system escalates, as a flow's handoff node does (3.1: `escalated` is set by the system).
        needs.conversations.system.setState(accountId, conversation.id, { status: 'escalated' });
        cancel(conversation.id, 'reply');
        // 2.19's `escalation` signal: the team learns what the AI handed over (N5). A file without words leaves none.
        if (message.text !== null && message.text.trim() !== '') {
          needs.knowledge.heardEscalation(accountId, { channel: conversation.channel, conversation_id: conversation.id, text: message.text });
        }
        return;
      }

      // Will the AI answer it? A question, or a booking request it declines. Heard when the reply goes out.
      const text = message.text;
      if (text !== null) captureLead(accountId, message.contact_id, text, settings.behavior.goals);
      if (text === null || !((!settings.booking_enabled && asksToBook(text)) || needs.knowledge.asksQuestion(text))) return;
      if (!settings.behavior.batch_messages) {
        reply(accountId, conversation.id, [text], clock.now());
        return;
      }
      const pending = timersOf(conversation.id, 'reply')[0];
      const question = cutChars(text, MAX_QUESTION);
      if (!pending) schedule(accountId, conversation.id, 'reply', clock.now() + settings.behavior.batch_window_ms, [question], QUESTIONS);
      else if (pending.step === QUESTIONS) {
        // A batch holds at most MAX_BATCH questions (the timer record's bound); later ones go unheard.
        if (pending.answers.length < MAX_BATCH) timers.update(pending.id, { answers: [...pending.answers, question] });
      } else {
        // A timer stored before audit 8 holds answers already heard: this question is heard now, as then.
        const [answer] = answersTo(accountId, conversation, [text], settings.booking_enabled, []);
        if (answer !== undefined && !pending.answers.includes(answer)) timers.update(pending.id, { answers: [...pending.answers, answer] });
      }
    },

    /**
     * A line to the customer was written (conversations `outboundAppended`). When it is not the
     * AI's own (an agent's through POST /messages, a flow's, a booking DM), the follow-ups waiting
     * on the customer's silence after the AI's reply are off: someone else spoke since (N8).
     */
    someoneWrote(message: MessageRecord): void {
      if (message.sender_type === 'followup') return;
      const pending = timersOf(message.conversation_id, 'followup')[0];
      if (!pending) return;
      if (message.sender_type === 'bot' && message.sender_name === needs.aiConfig.assistantSettings(pending.account_id).name) return;
      cancel(message.conversation_id, 'followup');
    },

    /** A thread was deleted: its timers and greeting mark go with it. */
    forgetConversation(conversationId: number): void {
      cancel(conversationId, 'reply');
      cancel(conversationId, 'followup');
      const mark = greeted.findUnique('conversation', String(conversationId));
      if (mark) greeted.remove(mark.id);
    },

    timers: { start: dueTimers.start, stop: dueTimers.stop, fireDue: dueTimers.fireDue },
  };
}

export type AssistantModel = ReturnType<typeof createAssistantModel>;
