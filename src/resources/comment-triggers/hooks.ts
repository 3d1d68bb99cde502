/** What comment triggers need and offer, shared by the model and the firing path. */
import { hook, type HooksOf } from '../../core/hooks.js';
import type { AccountModel } from '../account/model.js';
import type { AiConfigModel } from '../ai-config/model.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { FlowsModel } from '../flows/model.js';
import type { OptOutsModel } from '../opt-outs/model.js';
import type { TagsModel } from '../tags/model.js';
import type { TriggerRecord } from './record.js';

export interface CommentTriggersNeeds {
  readonly account: AccountModel;
  readonly tags: TagsModel;
  readonly contacts: ContactsModel;
  readonly conversations: ConversationsModel;
  readonly optOuts: OptOutsModel;
  readonly blockedUsers: BlockedUsersModel;
  readonly aiConfig: AiConfigModel;
  readonly flows: FlowsModel;
}

export interface FiredTrigger {
  readonly trigger_id: number;
  readonly comment_id: string;
  readonly post_id: string | null;
  readonly matched_keyword: string;
  readonly contact_id: number;
  readonly conversation_id: number | null;
  readonly channel: string;
}

/** A comment no trigger or native flow answered, for the AI comment manager (2.24). */
export interface UnansweredComment {
  readonly comment_id: string;
  readonly channel: 'instagram' | 'facebook';
  readonly post_id: string | null;
  readonly text: string;
  readonly commenter_id: string;
  readonly commenter_username: string | null;
}

/** A comment no trigger answered that a flow may start on: a native comment flow matched it, or it is a live comment. */
export interface CommentForFlows {
  readonly comment_id: string;
  readonly channel: 'instagram' | 'facebook';
  readonly post_id: string | null;
  readonly source_type: string;
  /** Read to match keywords; never stored by the flow runtime. */
  readonly text: string;
  readonly commenter: { readonly id: string; readonly username: string | null; readonly name: string | null };
  /** The native comment flow (2.10 comment source, mode native) the evaluation chose, if any. */
  readonly native: { readonly flow_id: number; readonly matched_keyword: string | null } | null;
}

/** A comment the platform delivered to the account (not a blocked commenter's, which is dropped). */
export interface ReceivedComment {
  readonly comment_id: string;
  readonly channel: 'instagram' | 'facebook';
  readonly post_id: string | null;
  readonly commenter_id: string;
}

export const commentTriggerHooks = {
  /**
   * A comment no trigger answered, with automation on: the flow runtime starts the native comment
   * flow that matched it, or a live_comment flow on a live comment, and answers the flow's id.
   */
  commentForFlows: hook<[accountId: number, comment: CommentForFlows], number | undefined>(),
  /**
   * A comment arrived that no trigger or native flow answered: the AI comment manager may handle
   * it and answers the handled comment it made (the first answer wins).
   */
  commentUnanswered: hook<[accountId: number, comment: UnansweredComment], { readonly id: number; readonly status: string } | undefined>(),
  /**
   * A comment was delivered, before anything answers it: the comments group keeps it, so a
   * POST /messages private reply can rest on it (docs/decisions.md, "Private replies rest on a
   * real comment"). Whatever then sends its private reply (a trigger's DM, a DM on hide, a flow
   * the comment started) tells the comments group.
   */
  commentReceived: hook<[accountId: number, comment: ReceivedComment]>(),
  /** A trigger fired on a real comment: the flow runtime starts the linked flow. */
  commentTriggerFired: hook<[accountId: number, fired: FiredTrigger]>(),
};
export type CommentTriggerHooks = HooksOf<typeof commentTriggerHooks>;

export type LinkedFlowRow = ReturnType<FlowsModel['commentSources']>['linked'][number];

const DM_MODES = new Set(['both', 'dm_only']);
export const sendsDm = (trigger: Pick<TriggerRecord, 'response_mode'>): boolean => DM_MODES.has(trigger.response_mode);

