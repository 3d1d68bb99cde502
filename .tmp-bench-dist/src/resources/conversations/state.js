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
import { LOCK_REASONS, } from './schemas.js';
export const isLockReason = (reason) => reason !== null && LOCK_REASONS.includes(reason);
/** What survives a hand-back to the AI: only a portal-only pause. */
const handedBack = (reason) => (isLockReason(reason) ? reason : null);
/** PATCH status (active, resolved or archived). */
export function applyStatus(state, status) {
    if (status === 'active')
        return { ...state, status };
    return { status, assigned_to: null, ai_pause_reason: handedBack(state.ai_pause_reason) };
}
/** PATCH ai_paused true, once the checks passed: the owner claims; a resolved thread reopens. */
export function applyClaim(state) {
    return {
        status: state.status === 'resolved' ? 'active' : state.status,
        assigned_to: state.assigned_to,
        ai_pause_reason: isLockReason(state.ai_pause_reason) ? state.ai_pause_reason : 'owner_claimed',
    };
}
/** PATCH ai_paused false on a pause the API may lift (callers refuse portal-only pauses first). */
export function applyResume(state) {
    if (state.ai_pause_reason === null)
        return state;
    return { status: state.status === 'escalated' ? 'active' : state.status, assigned_to: null, ai_pause_reason: null };
}
/** POST assign: pending and escalated threads always become active. */
export function applyAssign(state, assignee) {
    const status = state.status === 'pending' || state.status === 'escalated' ? 'active' : state.status;
    if (assignee !== null) {
        return { status, assigned_to: assignee, ai_pause_reason: isLockReason(state.ai_pause_reason) ? state.ai_pause_reason : 'assigned' };
    }
    const reason = state.ai_pause_reason === 'assigned' || state.ai_pause_reason === 'escalated' ? null : state.ai_pause_reason;
    return { status, assigned_to: null, ai_pause_reason: reason };
}
/** An inbound message: a resolved or archived thread is active again. */
export function applyInbound(state) {
    return state.status === 'resolved' || state.status === 'archived' ? { ...state, status: 'active' } : state;
}
/** A team member left: their threads are unassigned and an assignment pause lifts. */
export function applyMemberRemoved(state) {
    const reason = state.ai_pause_reason === 'assigned' ? (state.status === 'escalated' ? 'escalated' : null) : state.ai_pause_reason;
    return { ...state, assigned_to: null, ai_pause_reason: reason };
}
/** The 2.5 rule as data: the AI is muted on any assigned or escalated thread. */
export function invariantViolations(state) {
    const problems = [];
    if (state.status === 'escalated' && state.ai_pause_reason === null)
        problems.push('escalated thread with the AI live');
    if (state.assigned_to !== null && state.ai_pause_reason === null)
        problems.push('assigned thread with the AI live');
    if (state.assigned_to === 0)
        problems.push('assigned_to is 0');
    return problems;
}
/**
 * The system sets a state (sandbox and seeds): it may reach `pending` and `escalated` and any
 * pause. The AI-mute rule still holds, so a missing reason is filled in.
 */
export function normalizeSystemState(state) {
    if (state.ai_pause_reason !== null)
        return state;
    if (state.assigned_to !== null)
        return { ...state, ai_pause_reason: 'assigned' };
    if (state.status === 'escalated')
        return { ...state, ai_pause_reason: 'escalated' };
    return state;
}
//# sourceMappingURL=state.js.map