/** Schema pieces every resource group shares (section 2.1 conventions). No logic here. */
import { z } from 'zod';
import { parseTimestamp, TIMESTAMP_PATTERN } from '../../core/clock.js';
import { DURATION_PATTERN } from '../../core/duration.js';
import type { InspectedFile, UploadedFile } from '../../core/types.js';
import { binary } from '../../openapi/components.js';
import { CHANNELS, PLANS, SCOPES } from '../../core/types.js';

/** `{id}` path parameter: digits only; anything else names no resource (404). */
export const IdParams = z.object({
  id: z.string().regex(/^\d{1,15}$/).transform(Number).describe('Numeric id.'),
});

/**
 * An id in a list filter (`?conversation_id=`, `?flow_id=`): ids start at 1, so 0 is a malformed
 * filter (400 naming it), not one that matches nothing; 15 digits keep it an exact JS number.
 */
export const FilterId = z.string().regex(/^[1-9]\d{0,14}$/, 'must be an integer id (1 or more)').transform(Number);

export const Timestamp = z
  .string()
  .regex(TIMESTAMP_PATTERN)
  .describe('UTC ISO-8601 timestamp with offset, e.g. 2026-01-31T09:30:00+00:00.');

export const NullableTimestamp = Timestamp.nullable();

/**
 * A time filter of a list (`since`, `updated_since`): the timestamp form, and an instant that
 * exists (no hour 25, no 30 February), else 400 `invalid_param` naming the filter (2.1, 4.2).
 */
export const RealInstant = Timestamp.refine((value) => parseTimestamp(value) !== null, 'must be a real instant');

export const Channel = z.enum(CHANNELS).describe('Messaging channel.');
export const Plan = z.enum(PLANS);
export const Scope = z.enum(SCOPES);

/** `true`/`false` in a query string. */
export const QueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Empty JSON object body of POST actions that take no input (section 4). */
export const EmptyBody = z.strictObject({});

/** A duration like 90s, 15m, 2h, 3d or 1d2h (core/duration.ts reads it). */
export const Duration = z.string().regex(DURATION_PATTERN, 'like 90s, 15m, 2h, 3d or 1d2h');

/**
 * A file part of a multipart/form-data body (uploads). The route judges the file by its bytes;
 * the name and declared type are what the sender claimed.
 */
export const FilePart = binary(
  z.custom<UploadedFile>(
    (value) => typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'file',
    'must be a file part of the multipart body',
  ),
);

/**
 * A stored record's shape (what a restore checks, store/rules.ts): the id and owning account
 * every record has, and its own fields, strictly.
 */
export function storedRecord<S extends z.core.$ZodShape>(shape: S) {
  return z.strictObject({ id: z.number().int().positive(), account_id: z.number().int().positive(), ...shape });
}

/** An instant on the virtual clock, in epoch milliseconds. */
export const EpochMs = z.number().int().min(0);

/**
 * A file part taken through the route's own `FileSink` (streamed uploads): its size and what the
 * sink kept of it (metadata, a head), never necessarily its bytes.
 */
export function inspectedFilePart<T>() {
  return binary(
    z.custom<InspectedFile<T>>(
      (value) => typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'file' && 'content' in value,
      'must be a file part of the multipart body',
    ),
  );
}
