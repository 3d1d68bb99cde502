/**
 * How a customer's message is matched against the FAQs (knowledge gaps, `usage_count`), in one
 * small deterministic rule a tester can predict (docs/decisions.md, "Knowledge gaps"):
 *
 * - words: lower case, accents dropped, split on anything not a letter or digit; words of one
 *   character and common function words ("what", "the", "you", ...) are left out;
 * - an FAQ's words are those of its question and its keywords;
 * - `similarity` is the share of the message's words the FAQ has (0 to 1, two decimals);
 * - at `ANSWERED` or above the FAQ answers the question; from `WEAK` up it is a weak match; below,
 *   the knowledge base has nothing.
 *
 * Only questions count: a message with a question mark, or one that starts with a question word.
 */
import { cutChars } from '../shared/characters.js';

export const ANSWERED = 0.6;
export const WEAK = 0.3;

const STOPWORDS = new Set(
  (
    'a an the and or but if so as of to in on at by for from with about into over than then ' +
    'is are am was were be been being do does did done have has had having can could will would shall should may might must ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs ' +
    'this that these those there here what which who whom whose when where why how ' +
    'any some all no not yes please hi hello hey thanks thank ok okay just also too very really'
  ).split(' '),
);

const QUESTION_WORDS = new Set(
  'what when where why who whom whose which how can could do does did is are am will would should shall may might have has any'.split(' '),
);

/** Lower case without accents. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

function rawWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** The words that carry meaning, each once. */
export function words(text: string): Set<string> {
  return new Set(rawWords(text).filter((word) => word.length > 1 && !STOPWORDS.has(word)));
}

/** An FAQ's words: its question's and its keywords'. */
export function faqWords(question: string, keywords: string | null): Set<string> {
  const all = words(question);
  if (keywords !== null) for (const word of words(keywords)) all.add(word);
  return all;
}

/** The share of the message's words the FAQ has, rounded to two decimals; 0 for a message without any. */
export function similarity(message: ReadonlySet<string>, faq: ReadonlySet<string>): number {
  if (message.size === 0) return 0;
  let shared = 0;
  for (const word of message) if (faq.has(word)) shared++;
  return Math.round((shared / message.size) * 100) / 100;
}

/** A question mark anywhere, or a question word first. */
export function isQuestion(text: string): boolean {
  if (text.includes('?')) return true;
  const first = rawWords(text)[0];
  return first !== undefined && QUESTION_WORDS.has(first);
}

/** The question as gaps group it: lower case, spaces collapsed, no surrounding punctuation. */
export function canonicalQuestion(text: string): string {
  const canonical = fold(text)
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
  return cutChars(canonical, 500);
}
