/**
 * What the send pipeline asks of the group that keeps the account's comments (the comments group
 * listens; sending cannot need it, as comments come after sending in the registry). A `comment_id`
 * private reply rests on a real comment by the person the send goes to (docs/decisions.md,
 * "Private replies rest on a real comment"), so the pipeline looks the comment up before anything
 * is created, and reports the reply once it went out (one private reply per comment).
 */
import { hook, type HooksOf } from '../../core/hooks.js';

/** A comment the account received, as the send pipeline needs it. */
export interface CommentForReply {
  readonly channel: 'instagram' | 'facebook';
  /** The commenter's platform user id: the only person a private reply to it may go to. */
  readonly commenter_id: string;
  /** When it arrived, on the virtual clock. */
  readonly received_ms: number;
  /** Its one private reply already went out (a trigger's DM, a DM on hide, a flow's first message, or an earlier send). */
  readonly private_reply_sent: boolean;
}

export const sendingHooks = {
  /** The account's comment with this id, or undefined when it has none (first answer wins). */
  commentOf: hook<[accountId: number, commentId: string], CommentForReply | undefined>(),
  /** A private reply to this comment was sent: it has had its one. */
  privateReplySent: hook<[accountId: number, commentId: string]>(),
};
export type SendingHooks = HooksOf<typeof sendingHooks>;
