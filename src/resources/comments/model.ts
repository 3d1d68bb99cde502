/**
 * Handled comments (2.24, 3.6, 4.14): the AI comment manager's record of a comment it answered,
 * queued, hid or skipped, and the approval queue. A comment arrives through the comment triggers
 * group (`commentUnanswered`); with `comment_ai` enabled (Pro and above) it becomes a handled
 * comment: moderation flags the account hides → `moderated`; over the plan's daily or monthly
 * cap → `skipped`; otherwise `mode: auto` → `sent` (or `failed` when the platform refuses) and
 * `approval` → `pending`. Every state change fires `comment.handled`. Records live 30 days on
 * the virtual clock.
 */
import { ApiError, errorBody, invalidParam, notFound } from '../../core/errors.js';
import { cursorId, pageFromWalk, type PageRequest } from '../../core/pagination.js';
import { newestFirstWalk } from '../../store/list-walk.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import { parseTimestamp } from '../../core/clock.js';
import type { RouteResult } from '../../core/route.js';
import type { CoreServices } from '../../groups/services.js';
import type { AccountModel } from '../account/model.js';
import type { AiConfigModel } from '../ai-config/model.js';
import type { UnansweredComment } from '../comment-triggers/hooks.js';
import type { CommentTriggersModel } from '../comment-triggers/model.js';
import type { OptOutsModel } from '../opt-outs/model.js';
import { draftReply, flagsOf, sentimentOf } from './analysis.js';
import { createDraftLedger } from './drafted.js';
import { createReceivedComments } from './received.js';
import { COMMENT_AI_CAPS, faultRules, handledRules, type FaultRecord, type HandledRecord } from './record.js';
import type { HandledCommentData, HandledStatus, ListCommentsFilters } from './schemas.js';
import { BULK_MAX, HANDLED_STATUSES } from './schemas.js';

export interface CommentsNeeds {
  readonly account: AccountModel;
  readonly aiConfig: AiConfigModel;
  readonly optOuts: OptOutsModel;
  readonly commentTriggers: Pick<CommentTriggersModel, 'commentDms'>;
}

export const RETENTION_MS = 30 * 86_400_000;

/** A seeded handled comment: the arriving comment and the state it ends in. */
export interface SeedHandledInput {
  readonly status: HandledStatus;
  readonly channel: 'instagram' | 'facebook';
  readonly post_id?: string | null | undefined;
  readonly text: string;
  readonly commenter_id: string;
  readonly commenter_username?: string | null | undefined;
  /** How long ago it arrived, in ms (under 30 days, or retention drops it). */
  readonly age?: number | undefined;
  /** A pulled comment's own values, kept instead of derived from its text (./seed.ts). */
  readonly comment_id?: string | undefined;
  readonly sentiment?: { readonly label: 'positive' | 'neutral' | 'negative'; readonly score: number } | undefined;
  readonly flags?: readonly HandledRecord['flags'][number][] | undefined;
  readonly dm_status?: 'sent' | 'not_sent' | null | undefined;
  readonly dm_text?: string | null | undefined;
  readonly draft?: string | null | undefined;
  readonly sent_text?: string | null | undefined;
  readonly edited?: boolean | undefined;
  readonly sent_at?: string | null | undefined;
  readonly reviewed_by?: string | null | undefined;
  readonly reviewed_at?: string | null | undefined;
}

/** The kept values a seed gives, as a record patch (undefined: derive as the sandbox does). */
function keptOf(seed: SeedHandledInput): Partial<HandledRecord> {
  const patch: Record<string, unknown> = {
    ...(seed.sentiment !== undefined ? { sentiment_label: seed.sentiment.label, sentiment_score: seed.sentiment.score } : {}),
    ...(seed.flags !== undefined ? { flags: [...seed.flags] } : {}),
  };
  for (const key of ['dm_status', 'dm_text', 'draft', 'sent_text', 'edited', 'sent_at', 'reviewed_by', 'reviewed_at'] as const) {
    if (seed[key] !== undefined) patch[key] = seed[key];
  }
  return patch as Partial<HandledRecord>;
}

/** The rules the group's mutants swap (./mutants.ts). */
export interface CommentRules {
  /** Most ids one bulk action takes (section 8: 100). */
  bulkLimit: number;
  /** 3.6: a single approve acts on a pending comment only (else 409 `not_pending`). */
  approveOnlyPending: boolean;
}

export function createCommentsModel(core: CoreServices, needs: CommentsNeeds) {
  const { store, clock, events } = core;
  const handled = store.define<HandledRecord>(
    'handled_comments',
    {
      // GET /comments filters (4.14), each list keyed by created time (the `since` field).
      status: { key: (row) => `${row.account_id}:${row.status}`, fields: ['status'], keyed: true },
      channel: { key: (row) => `${row.account_id}:${row.channel}`, fields: ['channel'], keyed: true },
      post_id: { key: (row) => (row.post_id === null ? null : `${row.account_id}:${row.post_id}`), fields: ['post_id'], keyed: true },
      // The 30-day retention sweep reads only what it drops: oldest first by created time.
      age: { key: (row) => String(row.account_id), fields: ['created_ms'], orderBy: (row) => row.created_ms },
    },
    handledRules,
    { accountKey: (row) => row.created_ms },
  );
  const faults = store.define<FaultRecord>('comment_faults', {}, faultRules);
  const rules: CommentRules = { bulkLimit: BULK_MAX, approveOnlyPending: true };
  // Every comment received, handled or not: what a POST /messages private reply rests on.
  const received = createReceivedComments(core, RETENTION_MS);
  // What the caps and stats count: drafts per day of each month, kept past the records' 30 days.
  const drafts = createDraftLedger(core);

  const settings = (accountId: number) => needs.aiConfig.get(accountId).comment_ai;
  const caps = (accountId: number) => COMMENT_AI_CAPS[needs.account.getAccount(accountId).plan];
  const refuses = (accountId: number): boolean => [...faults.ofAccount(accountId)][0]?.refuse_replies ?? false;

  function requireFeature(accountId: number): void {
    if (!settings(accountId).available) {
      throw new ApiError('feature_unavailable', 'The AI comment manager needs the Pro plan or above.', { param: 'comment_ai' });
    }
  }

  /** 2.24: records are kept 30 days; older ones are dropped before any read. */
  function sweep(accountId: number): void {
    const cutoff = clock.now() - RETENTION_MS;
    for (const { id } of [...handled.orderedByIndex('age', String(accountId)).ascendingBelow(cutoff)]) handled.remove(id);
  }

  function present(record: HandledRecord): HandledCommentData {
    return {
      id: record.id,
      status: record.status,
      channel: record.channel,
      post_id: record.post_id,
      comment: { id: record.comment_id, text: record.text, commenter_id: record.commenter_id, commenter_username: record.commenter_username },
      sentiment: { label: record.sentiment_label, score: record.sentiment_score },
      moderation: { action: record.moderation_action, flags: record.flags, dm_status: record.dm_status, dm_text: record.dm_text },
      reply: { draft: record.draft, sent_text: record.sent_text, edited: record.edited, sent_at: record.sent_at, meta_reply_id: record.meta_reply_id },
      reviewed_by: record.reviewed_by,
      reviewed_at: record.reviewed_at,
      created_at: record.created_at,
    };
  }

  /** What a reject changes: the status, the review, and the draft dropped. */
  const REJECTED = (at: string): Partial<HandledRecord> => ({ status: 'rejected', draft: null, reviewed_by: 'api', reviewed_at: at });

  function change(record: HandledRecord, patch: Partial<HandledRecord>): HandledRecord {
    const next = handled.update(record.id, patch);
    events.emit(record.account_id, 'comment.handled', { comment: present(next), previous_status: record.status });
    return next;
  }

  function get(accountId: number, id: number): HandledRecord {
    sweep(accountId);
    const record = handled.getOwned(accountId, id);
    if (!record) throw notFound('Handled comment');
    return record;
  }

  /** The plan's daily or monthly cap is used up (3.6 `skipped`): read from the draft ledger, not the 30-day records. */
  function capReached(accountId: number): boolean {
    const drafted = drafts.counts(accountId, clock.now());
    const limit = caps(accountId);
    return drafted.day >= limit.day || drafted.month >= limit.month;
  }

  const replyId = (id: number): string => `sbx_reply_${id}`;

  /** Sends the reply (or fails when the platform refuses) from `pending`. */
  function send(record: HandledRecord, text: string, edited: boolean, reviewed: boolean): HandledRecord {
    const now = clock.iso();
    const review = reviewed ? { reviewed_by: 'api', reviewed_at: now } : {};
    if (refuses(record.account_id)) return change(record, { status: 'failed', ...review });
    return change(record, { status: 'sent', sent_text: text, edited, sent_at: now, meta_reply_id: replyId(record.id), ...review });
  }

  /**
   * The DM after a hide (`dm_on_hide`), when one is due. A live comment's DM goes through the
   * comment DM path the triggers use (contact, `comment_dm` opt-out, transcript); a seeded one
   * only records what happened, as a seed writes no transcript of its own.
   */
  function dmOnHide(accountId: number, comment: UnansweredComment, text: string, live: boolean): { dm_status: 'sent' | 'not_sent'; dm_text: string | null } {
    if (!live) {
      const optedOut = needs.optOuts.blockingSend(accountId, comment.channel, comment.commenter_id, 'private_reply') !== undefined;
      return optedOut ? { dm_status: 'not_sent', dm_text: null } : { dm_status: 'sent', dm_text: text };
    }
    const commenter = { channel: comment.channel, id: comment.commenter_id, username: comment.commenter_username };
    const dm = needs.commentTriggers.commentDms.send(accountId, commenter, () => text);
    return dm.status === 'sent' ? { dm_status: 'sent', dm_text: dm.text } : { dm_status: 'not_sent', dm_text: null };
  }

  /** Makes the arriving comment a handled comment, in the state the settings give. */
  function take(accountId: number, comment: UnansweredComment, forced?: HandledStatus, atMs = clock.now()): HandledRecord {
    const config = settings(accountId);
    const sentiment = sentimentOf(comment.text);
    const flags = flagsOf(comment.text);
    const hides = flags.some((flag) => config.moderation[flag]);
    const status: HandledStatus = forced ?? (hides ? 'moderated' : capReached(accountId) ? 'skipped' : 'pending');
    const dm =
      status === 'moderated' && hides && config.dm_on_hide
        ? dmOnHide(accountId, comment, config.dm_message.replaceAll('{name}', comment.commenter_username ?? ''), forced === undefined)
        : { dm_status: null, dm_text: null };
    const drafts = status !== 'moderated' && status !== 'skipped';
    const record = handled.insert({
      id: store.nextId('handled_comment'),
      account_id: accountId,
      status: drafts ? 'pending' : status,
      channel: comment.channel,
      post_id: comment.post_id,
      comment_id: comment.comment_id,
      text: comment.text,
      commenter_id: comment.commenter_id,
      commenter_username: comment.commenter_username,
      sentiment_label: sentiment.label,
      sentiment_score: sentiment.score,
      moderation_action: status === 'moderated' ? 'hidden' : 'none',
      flags,
      dm_status: dm.dm_status,
      dm_text: dm.dm_text,
      draft: drafts ? draftReply(comment.commenter_username, sentiment.label, config.reply_length) : null,
      sent_text: null,
      edited: false,
      sent_at: null,
      meta_reply_id: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: clock.iso(atMs),
      created_ms: atMs,
    });
    return record;
  }

  /** Moves a record taken as pending to where the mode sends it, with its events. */
  function settle(record: HandledRecord, mode: 'auto' | 'approval'): HandledRecord {
    events.emit(record.account_id, 'comment.handled', { comment: present(record), previous_status: null });
    if (record.status !== 'pending' || mode === 'approval') return record;
    return send(record, record.draft!, false, false);
  }

  function excluded(accountId: number, comment: UnansweredComment): boolean {
    const text = comment.text.toLowerCase();
    return settings(accountId).exclude_rules.some((rule) =>
      rule.type === 'post_id' ? rule.value === comment.post_id : text.includes(rule.value.toLowerCase()),
    );
  }

  function pendingOf(accountId: number, ids: readonly number[]): HandledRecord[] {
    if (ids.length > rules.bulkLimit) throw invalidParam('ids', `Up to ${rules.bulkLimit} ids per request; ${ids.length} sent.`);
    sweep(accountId);
    return [...new Set(ids)]
      .map((id) => handled.getOwned(accountId, id))
      .filter((record): record is HandledRecord => record?.status === 'pending');
  }

  /** A seeded handled comment moved to its seeded state, with the values the seed keeps. */
  function loadHandled(record: HandledRecord, seed: SeedHandledInput, iso: string): HandledRecord {
    const kept = keptOf(seed);
    switch (seed.status) {
      case 'sent':
        return handled.update(record.id, { status: 'sent', sent_text: record.draft, sent_at: iso, meta_reply_id: replyId(record.id), ...kept });
      case 'rejected':
      case 'failed':
        return handled.update(record.id, { status: seed.status, reviewed_by: 'api', reviewed_at: iso, ...kept });
      case 'moderated':
        return handled.update(record.id, { moderation_action: 'hidden', ...kept });
      default:
        return Object.keys(kept).length > 0 ? handled.update(record.id, kept) : record;
    }
  }

  return {
    rules,
    requireFeature,
    present,
    get,

    /** The comment triggers group's `commentUnanswered`: handle it when comment_ai is on and the comment is not excluded. */
    receive(accountId: number, comment: UnansweredComment): { id: number; status: string } | undefined {
      const config = settings(accountId);
      if (!config.available || !config.enabled || excluded(accountId, comment)) return undefined;
      const taken = take(accountId, comment);
      if (taken.draft !== null) drafts.drafted(accountId, taken.created_ms);
      const record = settle(taken, config.mode);
      // The DM after a hide is the comment's one private reply.
      if (record.dm_status === 'sent') received.replied(accountId, record.comment_id);
      return { id: record.id, status: record.status };
    },

    /** The comments the account received (live ones through `commentReceived`), for private replies; the flow runtime marks a flow's. */
    received,

    list(accountId: number, filters: ListCommentsFilters, page: PageRequest) {
      sweep(accountId);
      const sinceMs = filters.since === undefined ? undefined : (parseTimestamp(filters.since) ?? undefined);
      const matches = (record: HandledRecord): boolean =>
        (filters.status === undefined || record.status === filters.status) &&
        (filters.channel === undefined || record.channel === filters.channel) &&
        (filters.post_id === undefined || record.post_id === filters.post_id) &&
        (sinceMs === undefined || record.created_ms >= sinceMs);
      // The shortest filter list is walked (skipping runs created before `since`); every filter
      // is still checked on the records it yields.
      const lists: SortedIdView[] = [];
      if (filters.status !== undefined) lists.push(handled.idsByIndex('status', `${accountId}:${filters.status}`));
      if (filters.channel !== undefined) lists.push(handled.idsByIndex('channel', `${accountId}:${filters.channel}`));
      if (filters.post_id !== undefined) lists.push(handled.idsByIndex('post_id', `${accountId}:${filters.post_id}`));
      const walk = newestFirstWalk(handled.idsOfAccount(accountId), lists, cursorId(page), sinceMs);
      return pageFromWalk(walk, (id) => handled.get(id), page, (record) => record.account_id === accountId && matches(record), present);
    },

    stats(accountId: number) {
      sweep(accountId);
      const byStatus = Object.fromEntries(HANDLED_STATUSES.map((status) => [status, 0])) as Record<HandledStatus, number>;
      const sentiment = { positive: 0, neutral: 0, negative: 0 };
      for (const record of handled.ofAccount(accountId)) {
        byStatus[record.status]++;
        sentiment[record.sentiment_label]++;
      }
      const drafted = drafts.counts(accountId, clock.now());
      const limit = caps(accountId);
      return {
        queue_depth: byStatus.pending,
        today: { handled: drafted.day, limit: limit.day },
        month: { handled: drafted.month, limit: limit.month },
        by_status: byStatus,
        sentiment,
        retention_days: 30 as const,
      };
    },

    /** 3.6 approve: pending only (409 not_pending); a refusal leaves it failed and answers 422 send_failed. */
    approve(accountId: number, id: number, text: string | undefined): RouteResult {
      const record = get(accountId, id);
      if (record.status !== 'pending' && rules.approveOnlyPending) throw new ApiError('not_pending', `Handled comment ${id} is ${record.status}, not pending.`);
      const done = send(record, text ?? record.draft ?? '', text !== undefined && text !== record.draft, true);
      if (done.status === 'failed') {
        return { status: 422, body: errorBody(new ApiError('send_failed', `The ${done.channel} platform refused the reply; the comment is now failed.`)) };
      }
      return { status: 200, body: { data: present(done) } };
    },

    /**
     * 3.6 reject: pending only (409 not_pending, as a single approve); nothing is posted, and the
     * draft is dropped (4.14 "drops the draft"): `reply.draft` reads null afterwards. The drafts
     * ledger keeps counting it against the caps: it was drafted (audit 16a A1).
     */
    reject(accountId: number, id: number): HandledRecord {
      const record = get(accountId, id);
      if (record.status !== 'pending') throw new ApiError('not_pending', `Handled comment ${id} is ${record.status}, not pending.`);
      return change(record, REJECTED(clock.iso()));
    },

    /** Bulk approve: non-pending (and unknown) ids skipped silently; one error line per refused reply. */
    approveMany(accountId: number, ids: readonly number[]) {
      let approved = 0;
      const errors: { id: number; code: 'send_failed'; message: string }[] = [];
      for (const record of pendingOf(accountId, ids)) {
        const done = send(record, record.draft!, false, true);
        if (done.status === 'sent') approved++;
        else errors.push({ id: done.id, code: 'send_failed', message: `The ${done.channel} platform refused the reply.` });
      }
      return { approved, failed: errors.length, errors };
    },

    /** Bulk reject: the count changed; non-pending ids skipped silently. */
    rejectMany(accountId: number, ids: readonly number[]) {
      const now = clock.iso();
      const records = pendingOf(accountId, ids);
      for (const record of records) change(record, REJECTED(now));
      return { rejected: records.length };
    },

    /** After a restore: a state saved before the draft ledger gets one from the drafts its records show. */
    migrateDraftLedger(): void {
      drafts.migrate([...handled.values()].filter((record) => record.draft !== null));
    },

    faults: (accountId: number) => ({ refuse_replies: refuses(accountId) }),
    setFaults(accountId: number, input: { refuse_replies?: boolean | undefined }) {
      const existing = [...faults.ofAccount(accountId)][0];
      const next = { refuse_replies: input.refuse_replies ?? existing?.refuse_replies ?? false };
      if (existing) faults.update(existing.id, next);
      else faults.insert({ id: store.nextId('comment_fault'), account_id: accountId, ...next });
      return next;
    },

    /** Seeds: a handled comment in a given state, `age` ms old; no event. */
    load(accountId: number, seed: SeedHandledInput): HandledRecord {
      const at = clock.now() - (seed.age ?? 0);
      const comment = {
        comment_id: seed.comment_id ?? `seed_comment_${store.nextId('sandbox_comment')}`,
        channel: seed.channel,
        post_id: seed.post_id ?? null,
        text: seed.text,
        commenter_id: seed.commenter_id,
        commenter_username: seed.commenter_username ?? null,
      };
      const record = loadHandled(take(accountId, comment, seed.status, at), seed, clock.iso(at));
      // Counted as its seed leaves it: a seed may keep a comment with no draft.
      if (record.draft !== null) drafts.drafted(accountId, at);
      // A seeded comment is a comment the account received: a private reply may rest on it.
      received.record(accountId, {
        comment_id: record.comment_id,
        channel: record.channel,
        post_id: record.post_id,
        commenter_id: record.commenter_id,
        received_ms: at,
        private_reply_sent: record.dm_status === 'sent',
      });
      return record;
    },
  };
}

export type CommentsModel = ReturnType<typeof createCommentsModel>;
