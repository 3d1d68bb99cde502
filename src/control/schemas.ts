/** Shapes of the sandbox control plane (`/_sandbox/...`). No logic here. */
import { z } from 'zod';
import { MUTANT_NAMES } from '../core/mutants.js';
import { Timestamp } from '../resources/shared/schemas.js';

export const ClockState = z.object({
  mode: z.enum(['real', 'frozen']),
  now: Timestamp,
  now_ms: z.number().int(),
});

export const FreezeBody = z.strictObject({ at: Timestamp.optional() });

/** Exactly one of `ms` or `duration` (e.g. `90s`, `15m`, `2h`, `7d`, `1h30m`). */
export const AdvanceBody = z
  .strictObject({
    ms: z.number().int().min(0).max(10 * 365 * 24 * 3600 * 1000).optional(),
    duration: z.string().regex(/^(\d+(ms|s|m|h|d))+$/, 'like 90s, 15m, 2h, 7d or 1h30m').optional(),
  })
  .refine((body) => (body.ms === undefined) !== (body.duration === undefined), {
    message: 'send exactly one of ms or duration',
    path: ['ms'],
  });

export const SetClockBody = z.strictObject({ now: Timestamp });

export const Snapshot = z
  .object({
    format: z.literal('switchboard-snapshot'),
    version: z.literal(1),
    clock: ClockState,
    store: z.object({
      format: z.literal('switchboard-state'),
      version: z.literal(1),
      sequences: z.record(z.string(), z.number().int()),
      collections: z.record(z.string(), z.array(z.object({ id: z.number().int(), account_id: z.number().int() }).loose())),
    }),
  });

export const MutantsBody = z.strictObject({ names: z.array(z.enum(MUTANT_NAMES)).max(MUTANT_NAMES.length) });

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
