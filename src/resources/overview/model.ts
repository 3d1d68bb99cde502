/**
 * Overview analytics (2.14): one read over the groups it counts from, through their models. Flow
 * entries, comment trigger fires and which bot lines were automation replies belong to groups
 * that answer the three collecting hooks this group offers; until one answers, flows show no
 * entries in either window, no comment trigger is listed and every bot line counts as the AI's.
 * Usage settings (the plan-lookup fault, trial, overage) are sandbox state.
 */
import { hook, type HooksOf } from '../../core/hooks.js';
import { parseTimestamp } from '../../core/clock.js';
import { CHANNELS, type Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import { z } from 'zod';
import { storedRecord } from '../shared/schemas.js';
import type { AccountModel } from '../account/model.js';
import type { AppointmentsModel } from '../appointments/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { FlowsModel } from '../flows/model.js';
import type { KnowledgeModel } from '../knowledge/model.js';
import { threadOfMetric, type MessagesModel } from '../messages/model.js';
import type { SendingModel } from '../sending/model.js';
import { countTimes, windowAt, zeroCount, type OverviewWindowMs } from './window.js';
import { billingCycleAt, usageOf } from './usage.js';
import { countAppointments } from './appointments.js';
import { flowRows, type CommentTriggerFires, type FlowEntries } from './flows.js';
import type { CountData, OverviewData, UsageData, UsageSettingsData } from './schemas.js';

export const overviewHooks = {
  /** The flow runtime answers with each flow's entries in the windows and all time. */
  flowEntries: hook<[accountId: number, window: OverviewWindowMs], readonly FlowEntries[]>(),
  /** Comment triggers answer with each trigger's fires and the flows it starts. */
  commentTriggerFires: hook<[accountId: number, window: OverviewWindowMs], readonly CommentTriggerFires[]>(),
  /**
   * The flow runtime answers with the message ids of the automation replies it sent at or after
   * `fromMs`: those `bot` lines count in `replies.automation`, not `replies.ai` (docs/decisions.md,
   * "Flow runtime seams").
   */
  automationReplyIds: hook<[accountId: number, fromMs: number], ReadonlySet<number>>(),
};

export interface OverviewNeeds {
  readonly account: AccountModel;
  readonly contacts: ContactsModel;
  readonly messages: MessagesModel;
  readonly conversations: ConversationsModel;
  readonly sending: SendingModel;
  readonly knowledge: KnowledgeModel;
  readonly flows: FlowsModel;
  readonly appointments: AppointmentsModel;
}

interface UsageSettingsRecord extends Entity, UsageSettingsData {}

const DEFAULT_SETTINGS: UsageSettingsData = { plan_lookup: 'ok', is_trial: false, overage_enabled: false };

/** Live gaps (2.19: open or pending) still wait for an answer. */
const OPEN_GAPS = new Set(['open', 'pending']);

const msOf = (timestamp: string): number => parseTimestamp(timestamp) ?? 0;

export function createOverviewModel(core: CoreServices, needs: OverviewNeeds, hooks: HooksOf<typeof overviewHooks>) {
  const { store, clock } = core;
  const settings = store.define<UsageSettingsRecord>('overview_usage_settings', { account: { unique: true, key: (row) => String(row.account_id) } }, {
    schema: storedRecord({ plan_lookup: z.enum(['ok', 'fail']), is_trial: z.boolean(), overage_enabled: z.boolean() }),
    sequence: 'overview_usage_settings',
  });

  function settingsOf(accountId: number): UsageSettingsData {
    const row = settings.findUnique('account', String(accountId));
    return row ? { plan_lookup: row.plan_lookup, is_trial: row.is_trial, overage_enabled: row.overage_enabled } : DEFAULT_SETTINGS;
  }

  function messageCounts(accountId: number, window: OverviewWindowMs): Pick<OverviewData, 'messages' | 'replies'> {
    const inbound = zeroCount();
    const outbound = zeroCount();
    const ai = zeroCount();
    const automation = zeroCount();
    const byChannel = Object.fromEntries(CHANNELS.map((channel) => [channel, zeroCount()])) as Record<Channel, CountData>;
    const threads = { current: new Set<number>(), previous: new Set<number>() };
    // Message ids, not counts: a reply is moved from `ai` exactly when its own row is counted.
    const answers = hooks.automationReplyIds.run(accountId, window.previousFromMs);
    const automationReplies = answers.length === 1 ? answers[0]! : new Set(answers.flatMap((ids) => [...ids]));
    for (const row of needs.messages.metricsSince(accountId, window.previousFromMs)) {
      if (row.direction === 'system' || row.created_ms > window.nowMs) continue;
      const bucket = row.created_ms >= window.currentFromMs ? 'current' : 'previous';
      (row.direction === 'inbound' ? inbound : outbound)[bucket]++;
      byChannel[row.channel][bucket]++;
      // A deleted or erased thread's kept rows still count it: its messages are counted too (4.4).
      const thread = threadOfMetric(row);
      if (thread !== undefined) threads[bucket].add(thread);
      if (row.direction !== 'outbound' || row.sender_type === 'agent') continue;
      // The AI's lines are the `bot` ones no automation (a flow) sent; follow-ups are automation too.
      if (row.sender_type === 'bot' && !automationReplies.has(row.message_record_id)) ai[bucket]++;
      else automation[bucket]++;
    }
    return {
      messages: { inbound, outbound, conversations: { current: threads.current.size, previous: threads.previous.size }, by_channel: byChannel },
      replies: { ai, automation },
    };
  }

  function contactCounts(accountId: number, window: OverviewWindowMs): OverviewData['contacts'] {
    const total = zeroCount();
    const withPhone = zeroCount();
    const withEmail = zeroCount();
    const created: number[] = [];
    for (const contact of needs.contacts.records(accountId)) {
      const at = msOf(contact.created_at);
      created.push(at);
      // A total is the count at the end of its window: now, and the start of the current window.
      const existed = [at <= window.nowMs ? 'current' : undefined, at < window.currentFromMs ? 'previous' : undefined] as const;
      for (const bucket of existed) {
        if (!bucket) continue;
        total[bucket]++;
        if (contact.phone !== null) withPhone[bucket]++;
        if (contact.email !== null) withEmail[bucket]++;
      }
    }
    return { new: countTimes(window, created), total, with_phone: withPhone, with_email: withEmail };
  }

  function gapCounts(accountId: number, window: OverviewWindowMs): OverviewData['knowledge_gaps'] {
    const gaps = needs.knowledge.gaps.records(accountId);
    return {
      open: countTimes(window, gaps.filter((gap) => OPEN_GAPS.has(gap.status)).map((gap) => msOf(gap.created_at))),
      resolved: countTimes(window, gaps.filter((gap) => gap.status === 'resolved').map((gap) => msOf(gap.created_at))),
    };
  }

  function usage(accountId: number): UsageData | null {
    const own = settingsOf(accountId);
    if (own.plan_lookup === 'fail' || !needs.account.exists(accountId)) return null;
    const cycle = billingCycleAt(clock.now());
    const threads = new Set<number>();
    let sms = 0;
    for (const row of needs.messages.metricsSince(accountId, cycle.startMs)) {
      if (row.direction === 'system') continue;
      // A thread used this cycle stays used when it is deleted: deleting never lowers billed usage.
      const thread = threadOfMetric(row);
      if (thread !== undefined) threads.add(thread);
      if (row.direction === 'outbound' && row.channel === 'sms') sms++;
    }
    return usageOf(needs.account.getAccount(accountId).plan, own, cycle, { conversations: threads.size, sms });
  }

  const model = {
    settingsOf,

    /** GET /analytics/overview. */
    overview(accountId: number): OverviewData {
      const window = windowAt(clock.now());
      const sends = {
        current: needs.sending.sendCounts(accountId, window.currentFromMs, window.nowMs + 1),
        previous: needs.sending.sendCounts(accountId, window.previousFromMs, window.currentFromMs),
      };
      const { flows, standalone } = flowRows(
        needs.flows.flowsOf(accountId),
        hooks.flowEntries.run(accountId, window).flat(),
        hooks.commentTriggerFires.run(accountId, window).flat(),
      );
      return {
        window: { days: 30, current_from: clock.iso(window.currentFromMs), previous_from: clock.iso(window.previousFromMs) },
        ...messageCounts(accountId, window),
        flows,
        comment_triggers: standalone,
        contacts: contactCounts(accountId, window),
        appointments: countAppointments(needs.appointments.records(accountId), window, clock.iso.bind(clock)),
        knowledge_gaps: gapCounts(accountId, window),
        needs_you: {
          escalated: countTimes(window, needs.conversations.changeTimesIn(accountId, 'escalated')),
          copilot_drafts: countTimes(window, needs.messages.draftTimesSince(accountId, window.previousFromMs)),
        },
        api_sends: {
          requested: { current: sends.current.requested, previous: sends.previous.requested },
          sent: { current: sends.current.sent, previous: sends.previous.sent },
        },
        usage: usage(accountId),
      };
    },

    /** The sandbox power: the plan-lookup fault, trial and overage switches. */
    setUsageSettings(accountId: number, input: Partial<UsageSettingsData>): UsageSettingsData {
      const next: UsageSettingsData = { ...settingsOf(accountId), ...definedOnly(input) };
      const existing = settings.findUnique('account', String(accountId));
      if (existing) settings.update(existing.id, next);
      else settings.insert({ id: store.nextId('overview_usage_settings'), account_id: accountId, ...next });
      return next;
    },
  };
  return model;
}

function definedOnly(input: Partial<UsageSettingsData>): Partial<UsageSettingsData> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

export type OverviewModel = ReturnType<typeof createOverviewModel>;
