/**
 * The caller's actions on a thread (3.1, 4.4): PATCH status then ai_paused, and assign. Each step
 * is a pure transition from state.ts plus the checks, events and transcript lines around it.
 * A refused step throws, and the request's transaction undoes any step before it.
 */
import { ApiError, invalidParam } from '../../core/errors.js';
import type { HooksOf } from '../../core/hooks.js';
import type { CoreServices } from '../../groups/services.js';
import { windowOpen } from '../channels/capabilities.js';
import type { TeamModel } from '../team/model.js';
import type { ConversationRecord, conversationHooks, Threads } from './threads.js';
import type { SettableStatus } from './schemas.js';
import { applyAssign, applyClaim, applyResume, applyStatus, isLockReason, type ThreadState } from './state.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

export interface ConversationActionsDeps {
  readonly conversations: Threads;
  readonly team: TeamModel;
  readonly hooks: HooksOf<typeof conversationHooks>;
}

export function createConversationActions(core: CoreServices, deps: ConversationActionsDeps) {
  const { clock, events } = core;
  const { conversations } = deps;

  /**
   * `conversation.assigned` fires whenever `assigned_to` changes (6: "PATCH ... status change or
   * assign, as appropriate"), so a consumer mirroring assignments from it also sees the hand-back
   * a resolve, an archive or a resume makes.
   */
  function announceAssignment(written: ConversationRecord, before: ThreadState, assignedName: string | null): void {
    if (before.assigned_to === written.assigned_to) return;
    events.emit(written.account_id, 'conversation.assigned', {
      conversation: conversations.present(written),
      assigned_to: written.assigned_to,
      assigned_to_name: assignedName,
      previous_assigned_to: before.assigned_to,
    });
  }

  function setStatus(conversation: ConversationRecord, status: SettableStatus): ConversationRecord {
    const before = conversations.stateOf(conversation);
    const after = applyStatus(before, status);
    if (conversations.sameState(before, after)) return conversation;
    const written = conversations.write(conversation, after);
    if (status === 'resolved' && before.status !== 'resolved') {
      if (before.assigned_to !== null && before.assigned_to > 0) deps.team.recordResolved(conversation.account_id, before.assigned_to);
      events.emit(conversation.account_id, 'conversation.resolved', {
        conversation: conversations.present(written),
        previous_status: before.status,
        resolved_by: 'api',
      });
    }
    announceAssignment(written, before, null);
    return written;
  }

  /**
   * The 409s of 3.1, in order: blocked, opted out (asked of the groups that guard claims, in
   * registry order), then window closed.
   */
  function checkClaim(conversation: ConversationRecord): void {
    const refusal = deps.hooks.claimGuard.first(conversation.account_id, conversations.personOf(conversation));
    if (refusal) throw refusal;
    if (!windowOpen(conversation.channel, conversation.last_inbound_ms, clock.now())) {
      throw new ApiError('window_closed', 'The messaging window is closed: the customer has not written recently.', { param: 'ai_paused' });
    }
  }

  function setPaused(conversation: ConversationRecord, paused: boolean): ConversationRecord {
    const before = conversations.stateOf(conversation);
    let after: ThreadState;
    if (paused) {
      checkClaim(conversation);
      after = applyClaim(before);
    } else {
      if (isLockReason(before.ai_pause_reason)) {
        throw new ApiError('resume_blocked', `The AI was paused for ${before.ai_pause_reason}; only the portal can lift that.`, {
          param: 'ai_paused',
        });
      }
      after = applyResume(before);
    }
    if (conversations.sameState(before, after)) return conversation;
    const written = conversations.write(conversation, after);
    announceAssignment(written, before, null);
    return written;
  }

  return {
    /** Within one PATCH, status applies first, then ai_paused (3.1). */
    patch(accountId: number, id: number, body: { status?: SettableStatus; ai_paused?: boolean }): ConversationRecord {
      let conversation = conversations.get(accountId, id);
      refuseEmptyPatch(body, ['status', 'ai_paused']);
      if (body.status !== undefined) conversation = setStatus(conversation, body.status);
      if (body.ai_paused !== undefined) conversation = setPaused(conversation, body.ai_paused);
      return conversation;
    },

    /**
     * POST assign: a team member id or null. Unknown, zero or negative ids are 400 (owner-level
     * assignments are made in the portal). A real change adds a system line and fires
     * `conversation.assigned`.
     */
    assign(accountId: number, id: number, assignee: number | null): ConversationRecord {
      const conversation = conversations.get(accountId, id);
      const member = assignee === null ? undefined : deps.team.find(accountId, assignee);
      if (assignee !== null && !member) throw invalidParam('assigned_to', `No team member has id ${assignee}.`);
      const before = conversations.stateOf(conversation);
      const after = applyAssign(before, assignee);
      if (conversations.sameState(before, after)) return conversation;
      conversations.write(conversation, after);
      const line = member ? `Assigned to ${member.name}` : 'Unassigned';
      const { conversation: written } = conversations.append(conversations.get(accountId, id), {
        sender_type: 'system',
        text: before.status !== after.status ? `${line} (was ${before.status})` : line,
      });
      announceAssignment(written, before, member?.name ?? null);
      return written;
    },
  };
}

