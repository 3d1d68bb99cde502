/**
 * The sandbox's `ai_reply` node (pure): deterministic rules standing in for the AI, so that each
 * port GET /flows/nodes describes has a stimulus a test can send (docs/decisions.md, "What the
 * catalogue promises"). Per customer message, in this order:
 *
 * 0. the thread is muted for the AI (2.5: assigned, escalated, or `ai_paused` for any reason) ->
 *    `output_2`, nothing sent: the AI does not write on a person's thread, even inside a flow;
 * 1. the person asks for a human (`asksForHuman`, ../shared/human-request.ts) -> `output_2`;
 * 2. the message holds the goal's datum ({@link goalDatum}) -> `output_1` (the engine saves it);
 * 3. otherwise the canned reply, and `output_2` once `max_turns` replies are used.
 *
 * On every exit `save_summary_to` receives {@link summaryOf}.
 */
import { matchableText } from '../flows/kinds.js';
import type { AI_GOALS } from '../flows/config-schemas.js';
import { acceptAnswer } from './inputs.js';
import { cutChars } from '../shared/characters.js';

export type AiGoal = (typeof AI_GOALS)[number];

/** The one "asks for a human" rule, shared with the AI's auto-escalation (../shared/human-request.ts). */
export { asksForHuman } from '../shared/human-request.js';

const wordsOf = (text: string): string[] => matchableText(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);

/** What reaching a goal looks like in one message. */
export type GoalDatum =
  | { readonly kind: 'email' | 'phone'; readonly value: string }
  | { readonly kind: 'slot'; readonly date: string; readonly time: string }
  | { readonly kind: 'budget'; readonly value: string }
  | { readonly kind: 'answered' };

const EMAIL_IN_TEXT = /[^\s@<>(),;:"']+@[^\s@<>(),;:"']+\.[^\s@<>(),;:"']+/u;
const PHONE_IN_TEXT = /\+?\d[\d ().-]{5,48}\d/u;
const SLOT_IN_TEXT = /(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/u;
const BUDGET_IN_TEXT = /[$€£¥]\s?\d[\d,.]*(?:\s?[km]\b)?|\b\d[\d,.]*\s?(?:k\s)?(?:usd|eur|gbp|dollars?|euros?|pounds?)\b/iu;
/** As matchableText words: "that's all" reads "that s all". */
export const ANSWERED_PHRASES = ['thanks', 'thank you', 'thx', 'got it', 'that helps', 'that helped', 'that s all', 'thats all', 'all good', 'perfect'] as const;

/**
 * The datum of `goal` in the message, if any:
 * - `capture_leads`: an email address (first choice) or a phone number, valid as collect_input
 *   would take it;
 * - `book_appointments`: a slot written `YYYY-MM-DD HH:MM` (the engine books it as a
 *   book_appointment node does; a refused slot is not the goal);
 * - `qualify_prospects`: a budget, an amount with a currency (`$2,000`, `500 EUR`, `€3k`);
 * - `answer_questions`: the person says they are served ("thanks", "thank you", "thx", "got it",
 *   "that helps", "that helped", "that's all", "all good", "perfect").
 */
export function goalDatum(goal: AiGoal, text: string): GoalDatum | undefined {
  switch (goal) {
    case 'capture_leads': {
      const email = acceptAnswer('email', EMAIL_IN_TEXT.exec(text)?.[0]?.replace(/[.!?]+$/, '') ?? null);
      if (email !== undefined) return { kind: 'email', value: email };
      const phone = acceptAnswer('phone', PHONE_IN_TEXT.exec(text)?.[0] ?? null);
      return phone === undefined ? undefined : { kind: 'phone', value: phone };
    }
    case 'book_appointments': {
      const slot = SLOT_IN_TEXT.exec(text);
      return slot ? { kind: 'slot', date: slot[1]!, time: slot[2]! } : undefined;
    }
    case 'qualify_prospects': {
      const budget = BUDGET_IN_TEXT.exec(text)?.[0]?.trim();
      return budget ? { kind: 'budget', value: budget } : undefined;
    }
    case 'answer_questions': {
      const padded = ` ${wordsOf(text).join(' ')} `;
      return ANSWERED_PHRASES.some((phrase) => padded.includes(` ${phrase} `)) ? { kind: 'answered' } : undefined;
    }
  }
}

/**
 * How a step ends: the goal's datum (`output_1`), or `output_2` because the person asked for a
 * human, the turns ran out, or the thread is muted for the AI (2.5: assigned or escalated; any
 * `ai_pause_reason`), where the step writes nothing and a person has the thread.
 */
export type AiExit = { readonly port: 'output_1'; readonly datum: GoalDatum } | { readonly port: 'output_2'; readonly why: 'human' | 'turns' | 'muted' };

const GAVE_UP: Readonly<Record<'human' | 'turns' | 'muted', string>> = {
  human: 'the person asked for a human',
  turns: 'goal not reached',
  muted: 'the thread is with a person',
};

function datumWords(datum: GoalDatum): string {
  switch (datum.kind) {
    case 'email':
    case 'phone':
      return `${datum.kind} ${datum.value} captured`;
    case 'slot':
      return `appointment booked for ${datum.date} ${datum.time}`;
    case 'budget':
      return `budget ${datum.value} stated`;
    case 'answered':
      return 'the person was served';
  }
}

/** The short summary `save_summary_to` keeps: the goal, the turns and how the step ended. */
export function summaryOf(goal: AiGoal, turns: number, exit: AiExit): string {
  const head = `${goal.replace(/_/g, ' ')}, ${turns} ${turns === 1 ? 'turn' : 'turns'}`;
  if (exit.port === 'output_1') return cutChars(`${head}: goal reached, ${datumWords(exit.datum)}.`, 500);
  return `${head}: ${GAVE_UP[exit.why]}.`;
}

/** The canned reply of a turn that neither reached the goal nor asked for a human. */
export const cannedReply = (goal: AiGoal): string => `Thanks! (AI step: ${goal.replace(/_/g, ' ')})`;
