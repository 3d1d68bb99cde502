/**
 * Spec 2.1: "Timestamps | UTC ISO-8601 with offset, e.g. `YYYY-MM-DDTHH:MM:SS+00:00`". The
 * resource schemas check the layout (an offset must be written); this finds, anywhere in an
 * answer, a timestamp whose offset is not UTC: `-05:00` names the same instant in local time,
 * which the spec does not allow. `Z` is accepted as UTC (RFC 3339's designator for +00:00;
 * docs/decisions.md "Timestamps: `Z` counts as UTC"); `-00:00` is RFC 3339's "offset unknown",
 * so it is not UTC.
 */

/** A string laid out as an ISO-8601 date-time; group 1 is the offset when one is written. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/;
const UTC_OFFSETS = new Set(['Z', '+00:00']);
/** Answers are walked this deep at most: no resource of the spec nests further. */
const MAX_DEPTH = 12;

export interface NonUtcTimestamp {
  /** Where in the body, e.g. `data[0].created_at`. */
  readonly at: string;
  readonly value: string;
}

/** The first timestamp in `value` whose offset is written and is not UTC, if any. */
export function firstNonUtcTimestamp(value: unknown, at = '', depth = 0): NonUtcTimestamp | undefined {
  if (typeof value === 'string') {
    const offset = DATE_TIME.exec(value)?.[1];
    return offset !== undefined && !UTC_OFFSETS.has(offset) ? { at: at || '(body)', value } : undefined;
  }
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = firstNonUtcTimestamp(value[index], `${at}[${index}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = firstNonUtcTimestamp(item, at ? `${at}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}
