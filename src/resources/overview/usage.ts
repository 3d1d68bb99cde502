/**
 * The `usage` block of 2.14: conversations against the plan's allowance, overage, SMS, the billing
 * cycle and trial state. 2.14 names the keys but no values; the allowances below are our table
 * (docs/decisions.md, "Overview analytics"). The billing cycle is the UTC calendar month holding
 * now; a conversation is "used" when it had a customer or outbound message in the cycle.
 */
import type { Plan } from '../../core/types.js';
import type { UsageData, UsageSettingsData } from './schemas.js';

/** Conversations and SMS per billing cycle, by plan (our table; the spec shows none). */
export const USAGE_ALLOWANCES: Readonly<Record<Plan, { readonly conversations: number; readonly sms: number }>> = {
  free: { conversations: 100, sms: 0 },
  creator: { conversations: 1_000, sms: 100 },
  pro: { conversations: 5_000, sms: 500 },
  business: { conversations: 20_000, sms: 2_000 },
};

const pad = (n: number): string => String(n).padStart(2, '0');
const dateOf = (year: number, monthIndex: number, day: number): string => `${year}-${pad(monthIndex + 1)}-${pad(day)}`;

/** The UTC calendar month holding `nowMs`: its first instant and its first and last dates. */
export function billingCycleAt(nowMs: number): { startMs: number; start: string; end: string } {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return { startMs: Date.UTC(year, month, 1), start: dateOf(year, month, 1), end: dateOf(year, month, lastDay) };
}

export interface CycleActivity {
  readonly conversations: number;
  readonly sms: number;
}

export function usageOf(plan: Plan, settings: UsageSettingsData, cycle: { start: string; end: string }, used: CycleActivity): UsageData {
  const allowance = USAGE_ALLOWANCES[plan];
  const eligible = plan !== 'free';
  const enabled = eligible && settings.overage_enabled;
  return {
    conversations: {
      used: used.conversations,
      limit: allowance.conversations,
      percent: allowance.conversations === 0 ? 0 : Math.round((used.conversations / allowance.conversations) * 100),
    },
    overage: { enabled, eligible, units: enabled ? Math.max(0, used.conversations - allowance.conversations) : 0 },
    sms: { used: used.sms, limit: allowance.sms },
    billing_cycle: { start: cycle.start, end: cycle.end },
    is_trial: settings.is_trial,
  };
}
