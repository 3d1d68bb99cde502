/**
 * `Retry-After` as HTTP defines it (RFC 9110 10.2.3): `HTTP-date / delay-seconds`. The spec names
 * the header (7.1, 8) and gives no format, so the kit reads both forms wherever it reads the
 * header (audit 13f F2). A date is turned into seconds against the response's own `Date` (the
 * same clock wrote both), else against the time the caller gives (the target's time as far as
 * the kit can tell).
 */

export type RetryAfter = { readonly kind: 'seconds'; readonly seconds: number } | { readonly kind: 'date'; readonly atMs: number };

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d\\d:\\d\\d:\\d\\d';
/** IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (the preferred form). */
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d\\d ${MONTH} \\d{4} ${TIME} GMT$`);
/** The obsolete RFC 850 form, e.g. `Sunday, 06-Nov-94 08:49:37 GMT` (recipients must accept it). */
const RFC850 = new RegExp(`^${LONG_DAY}, (\\d\\d)-(${MONTH})-(\\d\\d) (${TIME}) GMT$`);
/** The obsolete asctime form, e.g. `Sun Nov  6 08:49:37 1994` (UTC, no zone written). */
const ASCTIME = new RegExp(`^${DAY} (${MONTH}) ([ \\d]\\d) (${TIME}) (\\d{4})$`);

/** An HTTP-date (RFC 9110 5.6.7) as epoch ms, or undefined when the text is not one. */
export function parseHttpDate(text: string): number | undefined {
  const value = text.trim();
  let normalised: string | undefined;
  if (IMF_FIXDATE.test(value)) normalised = value;
  const rfc850 = RFC850.exec(value);
  if (rfc850) {
    // A two-digit year more than 50 years ahead is in the past century (RFC 9110 5.6.7).
    const [, day, month, year, time] = rfc850;
    const now = new Date().getUTCFullYear();
    let full = Math.floor(now / 100) * 100 + Number(year);
    if (full > now + 50) full -= 100;
    normalised = `${day} ${month} ${full} ${time} GMT`;
  }
  const asctime = ASCTIME.exec(value);
  if (asctime) {
    const [, month, day, time, year] = asctime;
    normalised = `${day!.trim().padStart(2, '0')} ${month} ${year} ${time} GMT`;
  }
  if (normalised === undefined) return undefined;
  const ms = Date.parse(normalised);
  return Number.isFinite(ms) ? ms : undefined;
}

/** The header's value read as either form; undefined when absent or neither form. */
export function readRetryAfter(headers: Headers): RetryAfter | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return { kind: 'seconds', seconds: Number(value) };
  const atMs = parseHttpDate(value);
  return atMs === undefined ? undefined : { kind: 'date', atMs };
}

/**
 * Seconds to wait: delay-seconds as sent, a date as its distance (rounded up, never below 0) from
 * the response's `Date`, else from `nowMs`. Undefined when the header is absent or unreadable.
 */
export function retryAfterSeconds(headers: Headers, nowMs: number = Date.now()): number | undefined {
  const read = readRetryAfter(headers);
  if (read === undefined) return undefined;
  if (read.kind === 'seconds') return read.seconds;
  const date = headers.get('date');
  const stamped = date === null ? undefined : parseHttpDate(date);
  return Math.max(0, Math.ceil((read.atMs - (stamped ?? nowMs)) / 1000));
}
