/**
 * Which trigger a comment fires (2.22 simulation): each trigger of the account is a candidate with
 * a reason it would not fire, checked in the order of the spec's reason list (inactive, platform,
 * source_type, post_scope, excluded_keyword, no_keyword_match). Of the triggers that match, the
 * earliest in precedence order fires and the rest are `earlier_trigger_wins`. Precedence
 * (docs/decisions.md): a trigger scoped to the comment's post before an all-posts trigger, then
 * the older (lower id) first. When no trigger fires, an active flow with its own comment keywords
 * (`native` mode) on the comment's platform may. Pure: simulate and the real path both call it.
 */
import { firstExcluded, firstMatch, prepare } from './matcher.js';
import type { CandidateReason, CommentSource, MatchType, Outcome, PostPlatform, SourceType, TriggerPlatform } from './schemas.js';

export interface MatchableTrigger {
  readonly id: number;
  readonly name: string;
  readonly active: boolean;
  readonly platform: TriggerPlatform;
  readonly source_type: SourceType;
  readonly post_id: string | null;
  readonly keywords: readonly string[];
  readonly match_type: MatchType;
  readonly exclude_keywords: readonly string[];
}

export interface NativeCommentFlow {
  readonly id: number;
  readonly name: string;
  readonly keywords: readonly string[];
  readonly match_type: MatchType;
  readonly post_id: string | null;
  /** The channels the flow starts on now (flow and published version); a comment elsewhere passes it by. */
  readonly channels: readonly string[];
}

export interface ArrivingComment {
  readonly text: string;
  readonly platform: PostPlatform;
  readonly post_id: string | null;
  readonly source_type: CommentSource;
}

export interface Candidate<T extends MatchableTrigger> {
  readonly trigger: T;
  readonly would_fire: boolean;
  readonly reason: CandidateReason | null;
  readonly matched_keyword: string | null;
}

export interface Evaluation<T extends MatchableTrigger> {
  readonly outcome: Outcome;
  readonly winner: Candidate<T> | null;
  readonly native: { readonly flow: NativeCommentFlow; readonly matched_keyword: string } | null;
  readonly candidates: readonly Candidate<T>[];
}

/** Post-scoped triggers first, then by id (creation order). */
export function byPrecedence(a: MatchableTrigger, b: MatchableTrigger): number {
  const scoped = Number(b.post_id !== null) - Number(a.post_id !== null);
  return scoped !== 0 ? scoped : a.id - b.id;
}

function sourceMatches(trigger: SourceType, comment: CommentSource): boolean {
  return trigger === comment || (trigger === 'both' && comment !== 'live');
}

export function evaluate<T extends MatchableTrigger>(
  triggers: readonly T[],
  comment: ArrivingComment,
  nativeFlows: readonly NativeCommentFlow[],
  automationEnabled: boolean,
): Evaluation<T> {
  const text = prepare(comment.text);
  let winner: Candidate<T> | null = null;
  const candidates = [...triggers].sort(byPrecedence).map((trigger): Candidate<T> => {
    const refuse = (reason: CandidateReason, matched: string | null = null): Candidate<T> => ({ trigger, would_fire: false, reason, matched_keyword: matched });
    if (!trigger.active) return refuse('inactive');
    if (trigger.platform !== 'both' && trigger.platform !== comment.platform) return refuse('platform');
    if (!sourceMatches(trigger.source_type, comment.source_type)) return refuse('source_type');
    if (trigger.post_id !== null && trigger.post_id !== comment.post_id) return refuse('post_scope');
    if (firstExcluded(text, trigger.exclude_keywords) !== null) return refuse('excluded_keyword');
    // A post's auto-reply (4.15 `comment_auto_reply`) with no keywords answers every comment on
    // its post; the API never creates a trigger without keywords, so only those can be empty.
    const answersEveryComment = trigger.keywords.length === 0 && trigger.post_id !== null;
    const matched = answersEveryComment ? '' : firstMatch(text, trigger.keywords, trigger.match_type);
    if (matched === null) return refuse('no_keyword_match');
    if (winner) return refuse('earlier_trigger_wins', matched);
    winner = { trigger, would_fire: true, reason: null, matched_keyword: matched };
    return winner;
  });
  let native: Evaluation<T>['native'] = null;
  if (!winner) {
    for (const flow of nativeFlows) {
      // A flow limited to other channels would start nothing here: it is not a candidate, so the
      // comment goes on to the next flow and then the AI comment manager (audit 6, K2).
      if (!flow.channels.includes(comment.platform)) continue;
      if (flow.post_id !== null && flow.post_id !== comment.post_id) continue;
      const matched = firstMatch(text, flow.keywords, flow.match_type);
      if (matched !== null) {
        native = { flow, matched_keyword: matched };
        break;
      }
    }
  }
  const found: Candidate<T> | null = winner;
  const outcome: Outcome = !automationEnabled ? 'automation_off' : found ? 'trigger_fired' : native ? 'native_flow' : 'no_match';
  if (!automationEnabled) {
    return { outcome, winner: null, native: null, candidates: candidates.map((c) => (c.would_fire ? { ...c, would_fire: false } : c)) };
  }
  return { outcome, winner: found, native, candidates };
}
