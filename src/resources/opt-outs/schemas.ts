/** Opt-out shape (2.15) and the list query (4.9). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Channel, NullableTimestamp, RealInstant, Timestamp } from '../shared/schemas.js';

export const OPT_OUT_STATUSES = ['opted_out', 'opted_in'] as const;
export const OPT_OUT_SCOPES = ['comment_dm', 'broadcast', 'all'] as const;

export const OptOutScope = z.enum(OPT_OUT_SCOPES);

export const OptOut = named(
  'OptOut',
  z.object({
    id: z.string().regex(/^(meta|sms):\d+$/).describe('Prefixed by source: meta:<n> or sms:<n>.'),
    channel: Channel,
    contact_id: z.number().int().nullable().describe('Null when no contact holds the identifier (or it was erased).'),
    identifier: z.string().describe('The platform user id; for SMS the phone number.'),
    status: z.enum(OPT_OUT_STATUSES).describe('Only SMS can be opted back in (START).'),
    scope: OptOutScope.describe('SMS records are always `all`.'),
    method: z.string().nullable().describe('How the person opted out; null for SMS.'),
    keyword: z.string().nullable().describe('The keyword used; null for SMS.'),
    opted_out_at: NullableTimestamp,
    opted_in_at: NullableTimestamp,
    recorded_at: Timestamp,
  }),
);

export const ListOptOutsQuery = z.object({
  channel: Channel.optional(),
  status: z.enum(OPT_OUT_STATUSES).optional().describe('`opted_in` returns SMS records only.'),
  scope: OptOutScope.optional().describe('Passing a scope excludes SMS records.'),
  since: RealInstant.optional().describe('Only records whose recorded_at is at or after this instant.'),
});

export type OptOutData = z.infer<typeof OptOut>;
export type OptOutScopeValue = z.infer<typeof OptOutScope>;

/** Sandbox: record an opt-out (or an SMS opt-in) as the customer's side would. */
export const OptOutInput = z
  .strictObject({
    channel: Channel,
    platform_user_id: z.string().min(1).max(255).describe('For SMS the phone number.'),
    status: z.enum(OPT_OUT_STATUSES).default('opted_out').describe('opted_in is SMS START only.'),
    scope: OptOutScope.optional().describe('Meta channels only; default all.'),
    method: z.string().min(1).max(50).optional().describe('Meta channels only, e.g. keyword, button, portal.'),
    keyword: z.string().min(1).max(50).optional().describe('Meta channels only.'),
  })
  .superRefine((input, ctx) => {
    if (input.channel === 'sms') {
      for (const field of ['scope', 'method', 'keyword'] as const) {
        if (input[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'SMS opt-outs have no scope, method or keyword' });
      }
    } else if (input.status === 'opted_in') {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'only SMS can be opted back in' });
    }
  });

export type OptOutInputData = z.output<typeof OptOutInput>;
