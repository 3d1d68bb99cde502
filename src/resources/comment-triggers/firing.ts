/**
 * A real comment arrives (sandbox power, issue 19 step 3). The same evaluation as simulate picks
 * the trigger; then the per-person rules simulate skips apply (docs/decisions.md):
 *
 * - a commenter the account blocked reaches nothing (the platform drops it, as for messages);
 * - the public reply is posted (replies rotate: the n-th fire uses reply n mod count);
 * - the DM (template n mod count, or the AI's text) goes into the commenter's conversation
 *   transcript through ./dm.ts (shared with the AI comment manager's DM on hide), unless an
 *   opt-out with scope `comment_dm` (or `all`) stands, or this trigger already sent this person a
 *   DM (once per user);
 * - the tag is applied to the commenter's contact, the comment hidden after a DM if set;
 * - `stats` count it and `commentTriggerFired` runs (the flow runtime starts a linked flow).
 *
 * Every delivered comment first goes to `commentReceived` (the comments group keeps it for
 * POST /messages private replies; a DM sent here is that comment's one private reply, which the
 * comments group reads from `commentTriggerFired`).
 *
 * A comment no trigger and no native flow answers goes to `commentUnanswered`: the AI comment
 * manager (the comments group) may make it a handled comment. One that fires a trigger is the
 * trigger's alone: the account asked for that answer, and two replies would be a double post.
 */
import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import type { Collection } from '../../store/collection.js';
import type { CommentDms } from './dm.js';
import type { Evaluation } from './evaluate.js';
import { sendsDm, type CommentTriggerHooks, type CommentTriggersNeeds } from './hooks.js';
import type { FireRecord, TriggerRecord } from './record.js';
import type { ArrivingCommentInput, CommentArrivalData } from './sandbox-schemas.js';

export interface FiringDeps {
  readonly core: CoreServices;
  readonly needs: CommentTriggersNeeds;
  readonly hooks: CommentTriggerHooks;
  readonly triggers: Collection<TriggerRecord>;
  readonly fires: Collection<FireRecord>;
  readonly evaluateComment: (accountId: number, input: ArrivingCommentInput) => Evaluation<TriggerRecord>;
  readonly dms: CommentDms;
}

type DmStatus = CommentArrivalData['dm']['status'];

export function createFiring(deps: FiringDeps) {
  const { core, needs, hooks, triggers, fires, evaluateComment, dms } = deps;
  const { store, clock } = core;

  function alreadyMessaged(triggerId: number, commenter: string): boolean {
    return fires.idsByIndex('trigger', String(triggerId)).some((id) => {
      const fire = fires.get(id)!;
      return fire.commenter === commenter && fire.dm_sent;
    });
  }

  return {
    arrive(accountId: number, input: ArrivingCommentInput): CommentArrivalData {
      const channel: Channel = input.platform;
      const commentId = input.comment_id ?? `sbx_comment_${store.nextId('sandbox_comment')}`;
      const username = input.commenter.username?.replace(/^@/, '') ?? null;
      const person = { channel, platform_user_id: input.commenter.id, ig_username: username };
      const none: CommentArrivalData = {
        comment_id: commentId,
        delivered: false,
        outcome: 'no_match',
        trigger_id: null,
        matched_keyword: null,
        contact_id: null,
        public_reply: null,
        dm: { status: 'not_configured', conversation_id: null, message_id: null, text: null },
        hidden: false,
        tag_applied: null,
        native_flow_id: null,
        handled_comment: null,
      };
      if (needs.blockedUsers.activeBlock(accountId, person)) return none;

      hooks.commentReceived.run(accountId, { comment_id: commentId, channel: input.platform, post_id: input.post_id ?? null, commenter_id: input.commenter.id });
      const result = evaluateComment(accountId, input);
      const winner = result.winner;
      if (!winner) {
        const sourceType = input.source_type ?? 'comment';
        // A native comment flow, or a live_comment flow on a live comment, runs in the flow runtime.
        const flowId =
          result.outcome !== 'automation_off' && (result.native !== null || sourceType === 'live')
            ? hooks.commentForFlows.first(accountId, {
                comment_id: commentId,
                channel: input.platform,
                post_id: input.post_id ?? null,
                source_type: sourceType,
                text: input.text,
                commenter: { id: input.commenter.id, username, name: input.commenter.name ?? null },
                native: result.native ? { flow_id: result.native.flow.id, matched_keyword: result.native.matched_keyword } : null,
              })
            : undefined;
        const handled =
          result.native || flowId !== undefined
            ? undefined
            : hooks.commentUnanswered.first(accountId, { comment_id: commentId, channel: input.platform, post_id: input.post_id ?? null, text: input.text, commenter_id: input.commenter.id, commenter_username: username });
        return {
          ...none,
          delivered: true,
          // A live_comment flow that started answers the comment as a native flow does.
          outcome: flowId !== undefined && result.outcome === 'no_match' ? 'native_flow' : result.outcome,
          native_flow_id: result.native?.flow.id ?? flowId ?? null,
          handled_comment: handled ? { id: handled.id, status: handled.status } : null,
        };
      }

      let trigger = winner.trigger;
      const who = { channel: input.platform, id: input.commenter.id, username, ...(input.commenter.name !== undefined ? { name: input.commenter.name } : {}) };
      const contact = dms.contactOf(accountId, who);
      const commenter = `${channel}:${input.commenter.id}`;
      const turn = trigger.fires;

      const publicReply = trigger.response_mode !== 'dm_only' && trigger.public_replies.length > 0 ? trigger.public_replies[turn % trigger.public_replies.length]! : null;

      let dm: CommentArrivalData['dm'] = { status: 'not_configured', conversation_id: null, message_id: null, text: null };
      if (sendsDm(trigger)) {
        let status: DmStatus = 'sent';
        if (dms.optedOut(accountId, who)) status = 'opted_out';
        else if (alreadyMessaged(trigger.id, commenter)) status = 'already_sent';
        if (status === 'sent') {
          const text =
            trigger.dm_use_ai || trigger.dm_templates.length === 0
              ? `Thanks for your comment${contact.name ? `, ${contact.name}` : ''}! ${trigger.dm_ai_goal ?? 'How can we help?'}`
              : trigger.dm_templates[turn % trigger.dm_templates.length]!.replaceAll('{name}', contact.name ?? '');
          dm = dms.deliver(accountId, contact, text);
        } else {
          dm = { status, conversation_id: null, message_id: null, text: null };
        }
      }
      const hidden = dm.status === 'sent' && trigger.hide_comment_after_dm;
      const tag = trigger.tag_id === null ? undefined : needs.tags.find(accountId, trigger.tag_id);
      if (tag) needs.contacts.attachTag(accountId, contact.id, tag.name, 'inbound');

      const now = clock.now();
      trigger = triggers.update(trigger.id, {
        fires: trigger.fires + 1,
        public_replies_sent: trigger.public_replies_sent + (publicReply === null ? 0 : 1),
        dms_sent: trigger.dms_sent + (dm.status === 'sent' ? 1 : 0),
        dms_skipped: trigger.dms_skipped + (dm.status === 'sent' ? 0 : 1),
        comments_hidden: trigger.comments_hidden + (hidden ? 1 : 0),
        last_fired_at: clock.iso(now),
      });
      fires.insert({ id: store.nextId('comment_trigger_fire'), account_id: accountId, trigger_id: trigger.id, commenter, comment_id: commentId, dm_sent: dm.status === 'sent', at_ms: now });
      hooks.commentTriggerFired.run(accountId, {
        trigger_id: trigger.id,
        comment_id: commentId,
        post_id: input.post_id ?? null,
        matched_keyword: winner.matched_keyword ?? '',
        contact_id: contact.id,
        conversation_id: dm.conversation_id,
        channel,
      });
      return {
        comment_id: commentId,
        delivered: true,
        outcome: 'trigger_fired',
        trigger_id: trigger.id,
        matched_keyword: winner.matched_keyword,
        contact_id: contact.id,
        public_reply: publicReply,
        dm,
        hidden,
        tag_applied: tag?.name ?? null,
        native_flow_id: null,
        handled_comment: null,
      };
    },
  };
}
