/**
 * Spec 2.1: "Timestamps | UTC ISO-8601 with offset, e.g. `YYYY-MM-DDTHH:MM:SS+00:00`". The
 * resource schemas check the layout (an offset must be written); this finds, anywhere in an
 * answer, a timestamp whose offset is not UTC: `-05:00` names the same instant in local time,
 * which the spec does not allow. `Z` is accepted as UTC (RFC 3339's designator for +00:00;
 * docs/decisions.md "Timestamps: `Z` counts as UTC"); `-00:00` is RFC 3339's "offset unknown",
 * so it is not UTC.
 *
 * Only timestamp fields are judged: a key ending in `_at`, or one of the few the spec's resources
 * name otherwise (an appointment's `datetime`, the overview's window). Free text that happens to
 * look like a local time (a contact's `notes`, a message, a custom field's value) is the
 * customer's words, not a timestamp of the service (audit 11a, A1).
 */

/** A string laid out as an ISO-8601 date-time; group 1 is the offset when one is written. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/;
const UTC_OFFSETS = new Set(['Z', '+00:00']);
/** Answers are walked this deep at most: no resource of the spec nests further. */
const MAX_DEPTH = 12;
/** Timestamp fields whose names do not end in `_at` (the served OpenAPI's date-time fields). */
const TIMESTAMP_NAMES = new Set(['datetime', 'previous_datetime', 'current_from', 'previous_from', 'delay_until']);
/** Objects whose keys and values the customer chose: never the service's timestamps. */
const FREE_FORM = new Set(['custom_fields']);

const isTimestampField = (key: string): boolean => key.endsWith('_at') || TIMESTAMP_NAMES.has(key);

export interface NonUtcTimestamp {
  /** Where in the body, e.g. `data[0].created_at`. */
  readonly at: string;
  readonly value: string;
}

/**
 * The first timestamp field in `value` whose offset is written and is not UTC, if any. `field` is
 * the key the value sits under (an array's items sit under the array's key).
 */
export function firstNonUtcTimestamp(value: unknown, at = '', depth = 0, field = ''): NonUtcTimestamp | undefined {
  if (typeof value === 'string') {
    if (!isTimestampField(field)) return undefined;
    const offset = DATE_TIME.exec(value)?.[1];
    return offset !== undefined && !UTC_OFFSETS.has(offset) ? { at: at || '(body)', value } : undefined;
  }
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = firstNonUtcTimestamp(value[index], `${at}[${index}]`, depth + 1, field);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (FREE_FORM.has(key)) continue;
    const found = firstNonUtcTimestamp(item, at ? `${at}.${key}` : key, depth + 1, key);
    if (found) return found;
  }
  return undefined;
}
