/**
 * Knowledge gaps (2.19, 4.12): questions the knowledge base could not answer. They arise from
 * inbound traffic the sandbox's AI hears (ai-assistant, on the inbound group's `messageReceived`
 * hook, after the flow runtime): a customer's question on a live AI thread (./model.ts
 * `aiLive`) is matched against the active, indexed FAQs (./matching.ts). A good
 * match counts as a use of that FAQ; a weak one opens a `weak_match` gap, none a `no_knowledge`
 * gap. The same question again (same canonical text) while its gap is open or pending adds an
 * occurrence instead of a new gap. An active FAQ written later that answers a gap's question
 * resolves it. The sandbox creates gaps of any signal type directly. Read-only through the API.
 */
import { parseTimestamp } from '../../core/clock.js';
import { cursorId, pageFromWalk, type Page, type PageRequest } from '../../core/pagination.js';
import { newestFirstWalk } from '../../store/list-walk.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import type { Entity } from '../../store/collection.js';
import type { FaqRecord } from './faqs.js';
import { ANSWERED, WEAK, canonicalQuestion, faqWords, isQuestion, similarity, words } from './matching.js';
import { createGapThreads } from './gap-threads.js';
import { GapRecordSchema } from './records.js';
import type { GapData, GapListFilters } from './schemas.js';

export interface GapRecord extends Entity {
  readonly status: GapData['status'];
  readonly signal_type: GapData['signal_type'];
  readonly channel: Channel;
  readonly conversation_id: number | null;
  readonly user_message: string;
  readonly ai_response: string | null;
  readonly canonical_question: string;
  readonly top_similarity: number;
  readonly occurrence_count: number;
  readonly suggested_answer: string | null;
  readonly suggested_target: GapData['suggested_target'];
  readonly last_seen_at: string;
  readonly last_seen_ms: number;
  readonly created_at: string;
}

export interface NewGap {
  readonly signal_type: GapData['signal_type'];
  readonly channel: Channel;
  readonly user_message: string;
  readonly conversation_id?: number | null | undefined;
  readonly status?: GapData['status'] | undefined;
  readonly ai_response?: string | null | undefined;
  readonly top_similarity?: number | undefined;
  readonly occurrence_count?: number | undefined;
  readonly suggested_answer?: string | null | undefined;
  readonly suggested_target?: GapData['suggested_target'] | undefined;
  readonly canonical_question?: string | undefined;
}

/** What the AI says when the knowledge base has nothing (the gap's `ai_response`). */
export const FALLBACK_REPLY = "I'm not sure about that one. Let me check with the team and get back to you.";

/** What a customer's question came to. */
export type Hearing =
  | { readonly kind: 'ignored' }
  | { readonly kind: 'answered'; readonly faq: FaqRecord; readonly similarity: number }
  | { readonly kind: 'gap'; readonly gap: GapRecord; readonly opened: boolean };

const LIVE: ReadonlySet<GapData['status']> = new Set(['open', 'pending']);

export function createGaps(core: CoreServices) {
  const { store, clock } = core;
  const gaps = store.define<GapRecord>(
    'knowledge_gaps',
    {
      question: { key: (gap) => `${gap.account_id}:${gap.canonical_question}` },
      // GET /knowledge-gaps filters (4.12), each list keyed by last_seen (the `since` field).
      status: { key: (gap) => `${gap.account_id}:${gap.status}`, keyed: true },
      signal_type: { key: (gap) => `${gap.account_id}:${gap.signal_type}`, keyed: true },
      channel: { key: (gap) => `${gap.account_id}:${gap.channel}`, keyed: true },
      // Erasure (4.2, 4.4): the gaps a deleted thread's messages raised.
      conversation: { key: (gap) => (gap.conversation_id === null ? null : String(gap.conversation_id)) },
    },
    { schema: GapRecordSchema, sequence: 'knowledge_gap' },
    { accountKey: (gap) => gap.last_seen_ms },
  );
  const threads = createGapThreads(core);

  function insert(accountId: number, input: NewGap): GapRecord {
    const now = clock.now();
    const gap = gaps.insert({
      id: store.nextId('knowledge_gap'),
      account_id: accountId,
      status: input.status ?? 'open',
      signal_type: input.signal_type,
      channel: input.channel,
      conversation_id: input.conversation_id ?? null,
      user_message: input.user_message,
      ai_response: input.ai_response ?? null,
      canonical_question: input.canonical_question ?? canonicalQuestion(input.user_message),
      top_similarity: input.top_similarity ?? 0,
      occurrence_count: input.occurrence_count ?? 1,
      suggested_answer: input.suggested_answer ?? null,
      suggested_target: input.suggested_target ?? (input.signal_type === 'no_knowledge' || input.signal_type === 'weak_match' ? 'new_faq' : 'instructions'),
      last_seen_at: clock.iso(now),
      last_seen_ms: now,
      created_at: clock.iso(now),
    });
    // Every sighting's thread is known only when there is one sighting, in a named thread.
    if (gap.conversation_id !== null && gap.occurrence_count === 1) threads.add(accountId, gap.id, gap.conversation_id);
    return gap;
  }

  /** The open or pending gap for this question (of the kind `matches` takes), if any. */
  function live(accountId: number, canonical: string, matches: (gap: GapRecord) => boolean = () => true): GapRecord | undefined {
    for (const id of gaps.idsByIndex('question', `${accountId}:${canonical}`)) {
      const gap = gaps.get(id);
      if (gap && LIVE.has(gap.status) && matches(gap)) return gap;
    }
    return undefined;
  }

  /** A live gap's question asked again: one more occurrence, and the latest sighting's thread and words. */
  function seenAgain(accountId: number, existing: GapRecord, message: { channel: Channel; conversation_id: number; text: string }, changes: { top_similarity?: number } = {}): GapRecord {
    const now = clock.now();
    const gap = gaps.update(existing.id, {
      occurrence_count: existing.occurrence_count + 1,
      last_seen_at: clock.iso(now),
      last_seen_ms: now,
      conversation_id: message.conversation_id,
      channel: message.channel,
      user_message: message.text,
      ...changes,
    });
    // A gap with a sighting in an unnamed thread stays untracked (./gap-threads.ts).
    if (threads.tracked(gap.id)) threads.add(accountId, gap.id, message.conversation_id);
    return gap;
  }

  return {
    present(gap: GapRecord): GapData {
      const { id, status, signal_type, channel, conversation_id, user_message, ai_response, canonical_question } = gap;
      const { top_similarity, occurrence_count, suggested_answer, suggested_target, last_seen_at } = gap;
      return {
        id,
        status,
        signal_type,
        channel,
        conversation_id,
        user_message,
        ai_response,
        canonical_question,
        top_similarity,
        occurrence_count,
        suggested_answer,
        suggested_target,
        last_seen_at,
      };
    },

    list(accountId: number, filters: GapListFilters, page: PageRequest): Page<GapRecord> {
      const status = filters.status ?? 'open';
      const sinceMs = filters.since === undefined ? undefined : (parseTimestamp(filters.since) ?? undefined);
      // The shortest filter list is walked (skipping runs last seen before `since`); every
      // filter is still checked on the gaps it yields.
      const lists: SortedIdView[] = [];
      if (status !== 'all') lists.push(gaps.idsByIndex('status', `${accountId}:${status}`));
      if (filters.signal_type !== undefined) lists.push(gaps.idsByIndex('signal_type', `${accountId}:${filters.signal_type}`));
      if (filters.channel !== undefined) lists.push(gaps.idsByIndex('channel', `${accountId}:${filters.channel}`));
      const walk = newestFirstWalk(gaps.idsOfAccount(accountId), lists, cursorId(page), sinceMs);
      return pageFromWalk(walk, (id) => gaps.get(id), page, (gap) => {
        if (gap.account_id !== accountId) return false;
        if (status !== 'all' && gap.status !== status) return false;
        if (filters.signal_type !== undefined && gap.signal_type !== filters.signal_type) return false;
        if (filters.channel !== undefined && gap.channel !== filters.channel) return false;
        return sinceMs === undefined || gap.last_seen_ms >= sinceMs;
      });
    },

    /** Sandbox and seeds: a gap exactly as described. */
    create: insert,

    /**
     * A customer's message, heard: ignored unless it is a question with words that carry
     * meaning; answered when an FAQ covers it; else a gap is opened or seen once more.
     */
    hear(accountId: number, message: { channel: Channel; conversation_id: number; text: string }, faqs: readonly FaqRecord[]): Hearing {
      const asked = words(message.text);
      if (asked.size === 0 || !isQuestion(message.text)) return { kind: 'ignored' };
      let best: { faq: FaqRecord; score: number } | undefined;
      for (const faq of faqs) {
        const score = similarity(asked, faqWords(faq.question, faq.keywords));
        if (best === undefined || score > best.score) best = { faq, score };
      }
      const top = best?.score ?? 0;
      if (best && top >= ANSWERED) return { kind: 'answered', faq: best.faq, similarity: top };

      const canonical = canonicalQuestion(message.text);
      const existing = live(accountId, canonical);
      if (existing) return { kind: 'gap', gap: seenAgain(accountId, existing, message, { top_similarity: top }), opened: false };
      const weak = best !== undefined && top >= WEAK;
      const gap = insert(accountId, {
        signal_type: weak ? 'weak_match' : 'no_knowledge',
        channel: message.channel,
        conversation_id: message.conversation_id,
        user_message: message.text,
        canonical_question: canonical,
        top_similarity: top,
        ai_response: weak ? best!.faq.answer : FALLBACK_REPLY,
        suggested_answer: weak ? best!.faq.answer : null,
        suggested_target: 'new_faq',
      });
      return { kind: 'gap', gap, opened: true };
    },

    /**
     * The AI handed a customer's message to the team (audit 8, N5): an `escalation` gap (2.19),
     * `ai_response` null (the AI said nothing), `suggested_target` `instructions`. The same
     * canonical message while its escalation gap is open or pending is a repeat, as for the
     * knowledge signals; a gap of another signal for the same words is left alone.
     */
    escalated(accountId: number, message: { channel: Channel; conversation_id: number; text: string }): GapRecord {
      const canonical = canonicalQuestion(message.text);
      const existing = live(accountId, canonical, (gap) => gap.signal_type === 'escalation');
      if (existing) return seenAgain(accountId, existing, message);
      return insert(accountId, {
        signal_type: 'escalation',
        channel: message.channel,
        conversation_id: message.conversation_id,
        user_message: message.text,
        canonical_question: canonical,
        ai_response: null,
        suggested_target: 'instructions',
      });
    },

    /**
     * A thread was deleted, or its contact erased (4.2: "erases ... messages"; 4.4: "analytics
     * rows kept without message text"): the customer's words leave with it. A gap only this thread
     * raised goes; one other customers raised too stays, unlinked, quoting the question they
     * share (its canonical form) instead of this customer's message (audit 4, I3). Once every
     * thread that raised a gap is gone, the gap goes too (audit 5, N1): no customer who asked is
     * left. A gap whose sightings are not all in known threads (./gap-threads.ts) keeps the I3
     * rule: one sighting goes, several stay.
     */
    forgetConversation(accountId: number, conversationId: number): void {
      const unlink = (gap: GapRecord): void => {
        // Only this customer's words go: when another's sighting is the latest, it stays as it is.
        if (gap.conversation_id === conversationId) gaps.update(gap.id, { conversation_id: null, user_message: gap.canonical_question });
      };
      const decided = new Set<number>();
      for (const { gapId, left } of threads.drop(accountId, conversationId)) {
        const gap = gaps.get(gapId);
        if (!gap) continue;
        decided.add(gapId);
        if (left === 0) gaps.remove(gapId);
        else unlink(gap);
      }
      for (const id of [...gaps.idsByIndex('conversation', String(conversationId))]) {
        const gap = gaps.get(id);
        if (!gap || gap.account_id !== accountId || decided.has(id)) continue;
        if (gap.occurrence_count <= 1) gaps.remove(id);
        else unlink(gap);
      }
    },

    /** An active FAQ now answers these open or pending gaps' questions: they are resolved. */
    resolveAnsweredBy(accountId: number, faq: FaqRecord): number {
      if (!faq.active) return 0;
      const answer = faqWords(faq.question, faq.keywords);
      let resolved = 0;
      for (const gap of gaps.ofAccount(accountId)) {
        if (!LIVE.has(gap.status) || gap.signal_type === 'negative_feedback' || gap.signal_type === 'escalation') continue;
        if (similarity(words(gap.canonical_question), answer) >= ANSWERED) {
          gaps.update(gap.id, { status: 'resolved' });
          resolved++;
        }
      }
      return resolved;
    },

    /** Every gap of the account, oldest first (the overview analytics count them, 2.14). */
    records: (accountId: number): GapRecord[] => [...gaps.ofAccount(accountId)],

    countByStatus(accountId: number): Record<GapData['status'], number> {
      const counts = { open: 0, pending: 0, resolved: 0, dismissed: 0 };
      for (const gap of gaps.ofAccount(accountId)) counts[gap.status]++;
      return counts;
    },
  };
}

export type Gaps = ReturnType<typeof createGaps>;
