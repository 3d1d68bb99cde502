import { describe, expect, it } from 'vitest';
import { applyMemberRemoved, invariantViolations, normalizeSystemState, type ThreadState } from './state.js';

const thread = (state: Partial<ThreadState>): ThreadState => ({ status: 'active', assigned_to: null, ai_pause_reason: null, ...state });

describe('state rules', () => {
  it('names AI-mute violations', () => {
    expect(invariantViolations(thread({ status: 'escalated' }))).toEqual(['escalated thread with the AI live']);
    expect(invariantViolations(thread({ assigned_to: 3 }))).toEqual(['assigned thread with the AI live']);
    expect(invariantViolations(thread({ assigned_to: 3, ai_pause_reason: 'assigned' }))).toEqual([]);
  });

  it('fills the pause a system state needs', () => {
    expect(normalizeSystemState(thread({ status: 'escalated' })).ai_pause_reason).toBe('escalated');
    expect(normalizeSystemState(thread({ assigned_to: -1 })).ai_pause_reason).toBe('assigned');
    expect(normalizeSystemState(thread({ status: 'pending' })).ai_pause_reason).toBeNull();
    expect(normalizeSystemState(thread({ status: 'escalated', ai_pause_reason: 'fraud' })).ai_pause_reason).toBe('fraud');
  });

  it('a removed member’s escalated thread stays muted for the escalation', () => {
    expect(applyMemberRemoved(thread({ status: 'escalated', assigned_to: 2, ai_pause_reason: 'assigned' }))).toEqual(
      thread({ status: 'escalated', ai_pause_reason: 'escalated' }),
    );
    expect(applyMemberRemoved(thread({ assigned_to: 2, ai_pause_reason: 'owner_claimed' }))).toEqual(thread({ ai_pause_reason: 'owner_claimed' }));
  });
});
