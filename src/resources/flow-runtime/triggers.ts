/**
 * Which trigger a customer's action matches (pure). Keywords follow `match_type`: `exact` is the
 * whole message (case and surrounding spaces ignored), `contains` a whole-word phrase inside it,
 * `fuzzy` a word within one edit of the keyword (words of 4+ letters). AI intent is a
 * deterministic sandbox rule: the message shares enough words of 4+ letters with
 * `intent_description` (1 for low confidence, 2 for medium, 3 for high; never more than the
 * description has). docs/decisions.md, "Flow runtime".
 */
import type { FlowTrigger } from '../flows/definition.js';
import { matchableText } from '../flows/kinds.js';
import type { InboundEvent } from '../messages/schemas.js';

/** What the customer did. */
export type Stimulus =
  | {
      readonly kind: 'message';
      readonly text: string | null;
      readonly first: boolean;
      /** Whole days since the person last wrote before this message (null: never wrote before). */
      readonly silentDays: number | null;
      /** A plain message, or an Instagram story reply, story mention or shared post. */
      readonly event: InboundEvent;
      /** The story or post that event is about, when known. */
      readonly post_id: string | null;
    }
  | { readonly kind: 'live_comment'; readonly text: string }
  | { readonly kind: 'postback'; readonly payload: string }
  | { readonly kind: 'referral'; readonly ref: string | null; readonly ad_id: string | null }
  | { readonly kind: 'comment'; readonly trigger_id: number; readonly post_id: string | null; readonly matched_keyword: string | null };

export interface TriggerMatch {
  readonly matched_keyword: string | null;
  /** Higher wins when several flows match: an exact keyword beats a phrase, a phrase beats the rest. */
  readonly strength: number;
}

const words = (text: string): string[] => matchableText(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** The first keyword the text matches, with the strength of the match. */
export function matchKeywords(text: string, keywords: readonly string[], matchType: string): TriggerMatch | undefined {
  const message = matchableText(text);
  const messageWords = words(text);
  const padded = ` ${messageWords.join(' ')} `;
  for (const keyword of keywords) {
    const wanted = matchableText(keyword);
    if (message === wanted) return { matched_keyword: keyword, strength: 3 };
    if (matchType === 'exact') continue;
    const phrase = words(keyword).join(' ');
    if (phrase.length > 0 && padded.includes(` ${phrase} `)) return { matched_keyword: keyword, strength: 2 };
    if (matchType === 'fuzzy' && phrase.length >= 4 && !phrase.includes(' ') && messageWords.some((word) => withinOneEdit(word, phrase))) {
      return { matched_keyword: keyword, strength: 1 };
    }
  }
  return undefined;
}

const CONFIDENCE_WORDS: Readonly<Record<string, number>> = { low: 1, medium: 2, high: 3 };

export function matchIntent(text: string, description: string, confidence: string): boolean {
  const significant = new Set(words(description).filter((word) => word.length >= 4));
  const needed = Math.min(CONFIDENCE_WORDS[confidence] ?? 2, significant.size);
  if (needed === 0) return false;
  const shared = new Set(words(text).filter((word) => significant.has(word)));
  return shared.size >= needed;
}

const strings = (value: unknown): readonly string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Whether `trigger` fires on `stimulus`; undefined when it does not. */
export function matchTrigger(trigger: FlowTrigger, stimulus: Stimulus): TriggerMatch | undefined {
  const matchType = text(trigger['match_type']) ?? 'contains';
  switch (stimulus.kind) {
    case 'message': {
      const body = stimulus.text;
      if (trigger.source === 'first_message') {
        const after = trigger['returning_after_days'];
        const returning = typeof after === 'number' && stimulus.silentDays !== null && stimulus.silentDays >= after;
        return stimulus.first || returning ? { matched_keyword: null, strength: 0 } : undefined;
      }
      if (trigger.source === 'story_reply') {
        if (stimulus.event !== 'story_reply') return undefined;
        // Without keywords, any reply to a story starts it; with keywords, a reply matching one.
        if (trigger['keywords'] === undefined) return { matched_keyword: null, strength: 3 };
        return body === null ? undefined : matchKeywords(body, strings(trigger['keywords']), matchType);
      }
      if (trigger.source === 'story_mention') return stimulus.event === 'story_mention' ? { matched_keyword: null, strength: 3 } : undefined;
      if (trigger.source === 'shared_post') {
        if (stimulus.event !== 'shared_post') return undefined;
        const wanted = trigger['post_id'];
        if (wanted === null || wanted === undefined) return { matched_keyword: null, strength: 2 };
        return wanted === stimulus.post_id ? { matched_keyword: null, strength: 3 } : undefined;
      }
      // A story mention or a shared post is not something typed: only their own sources (and a first message) answer them.
      if (body === null || stimulus.event === 'story_mention' || stimulus.event === 'shared_post') return undefined;
      if (trigger.source === 'dm') return matchKeywords(body, strings(trigger['keywords']), matchType);
      if (trigger.source === 'ice_breaker') return matchableText(body) === matchableText(text(trigger['question']) ?? '') ? { matched_keyword: null, strength: 3 } : undefined;
      if (trigger.source === 'ai_intent') {
        return matchIntent(body, text(trigger['intent_description']) ?? '', text(trigger['confidence']) ?? 'medium') ? { matched_keyword: null, strength: 0 } : undefined;
      }
      return undefined;
    }
    case 'postback':
      return trigger.source === 'button_tap' && trigger['payload'] === stimulus.payload ? { matched_keyword: null, strength: 3 } : undefined;
    case 'referral': {
      if ((trigger.source === 'ref_link' || trigger.source === 'qr_code') && stimulus.ref !== null && trigger['ref'] === stimulus.ref) {
        return { matched_keyword: null, strength: 3 };
      }
      if (trigger.source === 'ad_referral' && stimulus.ad_id !== null) {
        const adId = trigger['ad_id'];
        return adId === null || adId === undefined || adId === stimulus.ad_id ? { matched_keyword: null, strength: adId ? 3 : 1 } : undefined;
      }
      return undefined;
    }
    case 'live_comment':
      return trigger.source === 'live_comment' ? matchKeywords(stimulus.text, strings(trigger['keywords']), matchType) : undefined;
    case 'comment':
      return trigger.source === 'comment' && trigger['comment_trigger_id'] === stimulus.trigger_id ? { matched_keyword: stimulus.matched_keyword, strength: 3 } : undefined;
  }
}
