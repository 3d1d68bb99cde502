/**
 * Every comment the account received, kept so a POST /messages `comment_id` private reply can rest
 * on a real one (docs/decisions.md, "Private replies rest on a real comment"): who wrote it, on
 * which platform, when, and whether its one private reply went out. Live comments come from the
 * comment triggers group (`commentReceived`, before anything answers them), seeded ones with their
 * handled comment. Whatever sends a comment's private reply marks it (`replied`): a trigger's DM,
 * the DM on hide, the first message of a flow the comment started, a POST /messages `comment_id`.
 * Kept 30 days like handled comments; past 7 days a comment takes no private reply anyway.
 */
import { z } from 'zod';
import type { CoreServices } from '../../groups/services.js';
import type { RecordRules } from '../../store/rules.js';
import type { CommentForReply } from '../sending/hooks.js';
import { EpochMs, storedRecord } from '../shared/schemas.js';
import { COMMENT_CHANNELS } from './schemas.js';

const ReceivedRecordSchema = storedRecord({
  comment_id: z.string(),
  channel: z.enum(COMMENT_CHANNELS),
  post_id: z.string().nullable(),
  commenter_id: z.string(),
  received_ms: EpochMs,
  private_reply_sent: z.boolean(),
});
export type ReceivedRecord = z.infer<typeof ReceivedRecordSchema>;
const receivedRules: RecordRules<ReceivedRecord> = { schema: ReceivedRecordSchema, sequence: 'received_comment' };

/** A comment as it arrives (or as a seed gives it). */
export type ReceivedInput = Omit<ReceivedRecord, 'id' | 'account_id'>;

const commentKey = (accountId: number, commentId: string): string => `${accountId}:${commentId}`;

export function createReceivedComments(core: CoreServices, retentionMs: number) {
  const { store, clock } = core;
  const received = store.define<ReceivedRecord>(
    'received_comments',
    {
      comment: { unique: true, key: (row) => commentKey(row.account_id, row.comment_id) },
      age: { key: (row) => String(row.account_id), fields: ['received_ms'], orderBy: (row) => row.received_ms },
    },
    receivedRules,
  );

  function sweep(accountId: number): void {
    const cutoff = clock.now() - retentionMs;
    for (const { id } of [...received.orderedByIndex('age', String(accountId)).ascendingBelow(cutoff)]) received.remove(id);
  }

  return {
    /**
     * Keeps a comment. The platform's ids are unique, so the same id again is the same comment
     * delivered again (the sandbox may resend one): it keeps its reply state unless the new
     * delivery names another commenter, which makes it another comment.
     */
    record(accountId: number, input: ReceivedInput): ReceivedRecord {
      sweep(accountId);
      const existing = received.findUnique('comment', commentKey(accountId, input.comment_id));
      if (!existing) return received.insert({ id: store.nextId('received_comment'), account_id: accountId, ...input });
      const same = existing.channel === input.channel && existing.commenter_id === input.commenter_id;
      return received.update(existing.id, { ...input, private_reply_sent: input.private_reply_sent || (same && existing.private_reply_sent) });
    },

    /** The account's comment with this id (another account's reads as none). */
    find(accountId: number, commentId: string): CommentForReply | undefined {
      sweep(accountId);
      const row = received.findUnique('comment', commentKey(accountId, commentId));
      if (!row) return undefined;
      return { channel: row.channel, commenter_id: row.commenter_id, received_ms: row.received_ms, private_reply_sent: row.private_reply_sent };
    },

    /** Its one private reply went out. */
    replied(accountId: number, commentId: string): void {
      const row = received.findUnique('comment', commentKey(accountId, commentId));
      if (row && !row.private_reply_sent) received.update(row.id, { private_reply_sent: true });
    },
  };
}

export type ReceivedComments = ReturnType<typeof createReceivedComments>;
