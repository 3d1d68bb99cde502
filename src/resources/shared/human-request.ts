/**
 * The one rule for "the customer asks for a person" (docs/decisions.md, "Flows and the AI meet
 * (audit 8)", N1). The AI's `behavior.auto_escalation` (ai-assistant/escalation.ts) and a flow's
 * `ai_reply` step (flow-runtime/ai-step.ts) are one AI on one account, so they recognise the same
 * requests; GET /flows/nodes (`ai_reply` `output_2`) and docs/sandbox.md quote
 * {@link HUMAN_REQUEST_WORDING}, built from the same lists, so the published words cannot drift.
 */

/** Words that ask for a person wherever they stand (whole words: "humane", "agentic" do not count). */
export const HUMAN_WORDS = ['human', 'humans', 'agent', 'agents', 'representative', 'operator'] as const;
/** Phrases that do, as whole words in this order. */
export const HUMAN_PHRASES = ['real person', 'live person', 'customer service'] as const;
/** "<verb> <to|with> <whom>": talk to someone, speak with a manager, chat with the team. */
export const TALK_VERBS = ['talk', 'speak', 'chat'] as const;
export const TALK_TO = ['to', 'with'] as const;
export const TALK_WHOM = ['someone', 'somebody', 'a person', 'a manager', 'staff', 'your staff', 'the team'] as const;

/** The message as whole words: accents dropped, case folded, punctuation a separator. */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

const TALK_PHRASES: readonly string[] = TALK_VERBS.flatMap((verb) => TALK_TO.flatMap((to) => TALK_WHOM.map((whom) => `${verb} ${to} ${whom}`)));
const ALL_PHRASES: readonly string[] = [...HUMAN_PHRASES, ...TALK_PHRASES];

/** Whether a customer's message asks for a human (case, accents and punctuation ignored, whole words only). */
export function asksForHuman(text: string): boolean {
  const words = wordsOf(text);
  if (words.some((word) => (HUMAN_WORDS as readonly string[]).includes(word))) return true;
  const padded = ` ${words.join(' ')} `;
  return ALL_PHRASES.some((phrase) => padded.includes(` ${phrase} `));
}

const quoted = (items: readonly string[]): string => items.map((item) => `"${item}"`).join(', ');
const orList = (items: readonly string[]): string => `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]!}`;

/** The rule in words, as the catalogue and docs/sandbox.md publish it. */
export const HUMAN_REQUEST_WORDING =
  `the words ${HUMAN_WORDS.join(', ')}; the phrases ${quoted(HUMAN_PHRASES)}; ` +
  `or ${orList(TALK_VERBS)} ${orList(TALK_TO)} ${orList(TALK_WHOM)} ("speak to a manager", "chat with the team"); ` +
  'whole words, case, accents and punctuation ignored';
