/** Shapes of the sandbox control plane (`/_sandbox/...`). No logic here. */
import { z } from 'zod';
import { DURATION_PATTERN } from '../core/duration.js';
import { MAX_ARMED_SERVER_ERRORS } from '../core/server-faults.js';
import { Timestamp } from '../resources/shared/schemas.js';

export const ClockState = z.object({
  mode: z.enum(['real', 'frozen']),
  now: Timestamp,
  now_ms: z.number().int(),
});

const EpochMs = z.number().int().describe('Epoch milliseconds.');

/** At `at` (a timestamp) or `ms` (epoch milliseconds), or now when neither is sent. */
export const FreezeBody = z
  .strictObject({ at: Timestamp.optional(), ms: EpochMs.optional() })
  .refine((body) => body.at === undefined || body.ms === undefined, { message: 'send at or ms, not both', path: ['ms'] });

/** Exactly one of `ms` or `duration` (e.g. `90s`, `15m`, `2h`, `7d`, `1h30m`). */
export const AdvanceBody = z
  .strictObject({
    ms: z.number().int().min(0).max(10 * 365 * 24 * 3600 * 1000).optional(),
    duration: z.string().regex(DURATION_PATTERN, 'like 90s, 15m, 2h, 7d or 1h30m').optional(),
  })
  .refine((body) => (body.ms === undefined) !== (body.duration === undefined), {
    message: 'send exactly one of ms or duration',
    path: ['ms'],
  });

/** Exactly one of `now` (a timestamp) or `ms` (epoch milliseconds). */
export const SetClockBody = z
  .strictObject({ now: Timestamp.optional(), ms: EpochMs.optional() })
  .refine((body) => (body.now === undefined) !== (body.ms === undefined), { message: 'send exactly one of now or ms', path: ['now'] });

/** A snapshot's outline, with `record` the check each stored record gets here. */
export function snapshotOf<R extends z.ZodType>(record: R) {
  return z.object({
    format: z.literal('switchboard-snapshot'),
    version: z.literal(1),
    clock: ClockState,
    store: z.object({
      format: z.literal('switchboard-state'),
      version: z.literal(1),
      sequences: z.record(z.string(), z.number().int()),
      collections: z.record(z.string(), z.array(record)),
    }),
  });
}

export const Snapshot = snapshotOf(z.object({ id: z.number().int(), account_id: z.number().int() }).loose());

/** Names are checked against the simulator's catalogue when run: groups add mutants of their own. */
export const MutantsBody = z.strictObject({ names: z.array(z.string().min(1).max(100)).max(100) });

export const EventsQuery = z.object({
  after: z.string().regex(/^evt_\d+$|^\d+$/).optional(),
  limit: z.string().regex(/^\d{1,4}$/).transform(Number).pipe(z.number().int().min(1).max(1000)).optional(),
  type: z.string().max(100).optional(),
});

export const PublicEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  created_at: Timestamp,
  account_id: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});

export const Done = z.object({ ok: z.literal(true) });

/** Checked against the catalogue when run: the catalogue is the registry's, not this file's. */
export const EmitEventBody = z.strictObject({
  type: z.string().min(1).max(100).describe('A catalogued event name (x-webhook-events).'),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const MutantsState = z.object({ active: z.array(z.string()), available: z.record(z.string(), z.string()) });

/** The REST limits the sandbox enforces (section 8); `enabled` false when started with `--rate-limit off`. */
export const RateLimitState = z.object({
  enabled: z.boolean(),
  per_minute: z.number().int().nullable(),
  per_second: z.number().int().nullable(),
});

/**
 * What POST /_sandbox/restore takes: a snapshot, bare or still in the `{data: ...}` envelope that
 * GET /_sandbox/snapshot answers with, so a saved response restores as it is.
 */
export const RestoreBody = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && 'data' in value && !('format' in value)
      ? (value as { data: unknown }).data
      : value,
  Snapshot,
);

/** POST /_sandbox/server-errors: how many of the account's next API requests fail with 500. */
export const ServerErrorsBody = z.strictObject({
  next: z
    .number()
    .int()
    .min(0)
    .max(MAX_ARMED_SERVER_ERRORS)
    .describe(`The next this many API requests of the account answer 500 server_error without running (0 disarms; at most ${MAX_ARMED_SERVER_ERRORS}).`),
});

export const ServerErrorsState = z.object({
  next: z.number().int().min(0).describe('Server errors still armed for the account.'),
});
