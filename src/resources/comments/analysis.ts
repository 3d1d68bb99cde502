/**
 * The sandbox's stand-in for the AI comment manager (2.17 comment_ai, 2.24): deterministic
 * sentiment, moderation flags and reply drafts, so tests can predict every handled comment.
 * Pure; the word lists and thresholds are recorded in docs/decisions.md ("Comment automation").
 */
import { normalize } from '../comment-triggers/matcher.js';

export const MODERATION_FLAGS = ['spam', 'profanity', 'negativity', 'competitor_links', 'self_promotion'] as const;
export type ModerationFlag = (typeof MODERATION_FLAGS)[number];
export type SentimentLabel = 'positive' | 'neutral' | 'negative';
export type ReplyLength = 'short' | 'medium' | 'detailed';

const POSITIVE = ['love', 'great', 'amazing', 'awesome', 'thanks', 'thank', 'nice', 'beautiful', 'good', 'perfect', '❤️', '😍', '🔥', '👍'];
const NEGATIVE = ['bad', 'hate', 'terrible', 'awful', 'worst', 'scam', 'broken', 'angry', 'disappointed', 'never again', '😡', '👎'];
const PROFANITY = ['damn', 'crap', 'shit', 'fuck'];
const SPAM = ['buy followers', 'f4f', 'follow4follow', 'free money', 'click here', 'giveaway winner'];
const SELF_PROMOTION = ['check my profile', 'check out my', 'follow me', 'visit my page'];
const LINK = /(https?:\/\/|www\.)\S+/u;

const count = (text: string, words: readonly string[]): number => words.reduce((sum, word) => sum + (text.includes(word) ? 1 : 0), 0);
const WORDS = /[\p{L}\p{N}]+/gu;

/** Score = (positive − negative hits) / hits, in [−1, 1]; above 0.2 positive, below −0.2 negative. */
export function sentimentOf(text: string): { label: SentimentLabel; score: number } {
  const normal = normalize(text);
  const positive = count(normal, POSITIVE);
  const negative = count(normal, NEGATIVE);
  const hits = positive + negative;
  const score = hits === 0 ? 0 : Math.round(((positive - negative) / hits) * 100) / 100;
  return { label: score > 0.2 ? 'positive' : score < -0.2 ? 'negative' : 'neutral', score };
}

/** Every flag the comment raises, whatever the account hides. */
export function flagsOf(text: string): ModerationFlag[] {
  const normal = normalize(text);
  const words = new Set(normal.match(WORDS) ?? []);
  const flags: ModerationFlag[] = [];
  if (count(normal, SPAM) > 0) flags.push('spam');
  if (PROFANITY.some((word) => words.has(word))) flags.push('profanity');
  if (sentimentOf(text).score <= -0.5) flags.push('negativity');
  if (LINK.test(normal)) flags.push('competitor_links');
  if (count(normal, SELF_PROMOTION) > 0) flags.push('self_promotion');
  return flags;
}

/** The reply the AI drafts: by sentiment, lengthened by reply_length. */
export function draftReply(username: string | null, sentiment: SentimentLabel, length: ReplyLength): string {
  const who = username ? `@${username}` : 'there';
  const opening =
    sentiment === 'negative'
      ? `Sorry to hear that, ${who}. Please send us a DM so we can make it right.`
      : sentiment === 'positive'
        ? `Thank you so much, ${who}!`
        : `Thanks for your comment, ${who}!`;
  if (length === 'short') return opening;
  const middle = ' We read every comment and love hearing from you.';
  if (length === 'medium') return `${opening}${middle}`;
  return `${opening}${middle} If you have any questions, our DMs are always open and the team answers within a day.`;
}
