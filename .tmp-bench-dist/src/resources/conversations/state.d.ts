/**
 * The conversation state machine of 3.1 and the AI-mute rule of 2.5, as pure functions over the
 * three fields they govern. The model applies them and adds the checks, events and transcript
 * lines; property tests call `invariantViolations` after every step.
 *
 * Choices where 3.1 is silent (docs/decisions.md):
 * - "Hands back to the AI" clears the assignment and any pause the API may lift (owner claim,
 *   assignment, escalation). Portal-only pauses (solicitation, fraud, connected_account) stay.
 * - Resuming the AI ends what muted it: the assignment is cleared and an escalated thread becomes
 *   active, since the AI is muted on any assigned or escalated thread.
 * - Assigning null hands the thread back too (assignment and escalation pauses lift).
 * - A new inbound message reopens a resolved or archived thread (system transition).
 */
import { type ConversationStatus, type PauseReason, type SettableStatus } from './schemas.js';
export interface ThreadState {
    readonly status: ConversationStatus;
    readonly assigned_to: number | null;
    readonly ai_pause_reason: PauseReason | null;
}
export declare const isLockReason: (reason: PauseReason | null) => boolean;
/** PATCH status (active, resolved or archived). */
export declare function applyStatus(state: ThreadState, status: SettableStatus): ThreadState;
/** PATCH ai_paused true, once the checks passed: the owner claims; a resolved thread reopens. */
export declare function applyClaim(state: ThreadState): ThreadState;
/** PATCH ai_paused false on a pause the API may lift (callers refuse portal-only pauses first). */
export declare function applyResume(state: ThreadState): ThreadState;
/** POST assign: pending and escalated threads always become active. */
export declare function applyAssign(state: ThreadState, assignee: number | null): ThreadState;
/** An inbound message: a resolved or archived thread is active again. */
export declare function applyInbound(state: ThreadState): ThreadState;
/** A team member left: their threads are unassigned and an assignment pause lifts. */
export declare function applyMemberRemoved(state: ThreadState): ThreadState;
/** The 2.5 rule as data: the AI is muted on any assigned or escalated thread. */
export declare function invariantViolations(state: ThreadState): string[];
/**
 * The system sets a state (sandbox and seeds): it may reach `pending` and `escalated` and any
 * pause. The AI-mute rule still holds, so a missing reason is filled in.
 */
export declare function normalizeSystemState(state: ThreadState): ThreadState;
