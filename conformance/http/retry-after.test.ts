/**
 * Retry-After in both forms RFC 9110 10.2.3 allows (audit 13f F2): delay-seconds and an
 * HTTP-date (IMF-fixdate and the two obsolete forms), read against the response's own Date.
 */
import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer.js';
import { parseHttpDate, readRetryAfter, retryAfterSeconds } from './retry-after.js';
import type { Waiter } from './waiter.js';

const AT = Date.UTC(1994, 10, 6, 8, 49, 37);

describe('Retry-After', () => {
  it('reads the three HTTP-date forms as the same instant, and refuses what is none of them', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(AT);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(AT);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(AT);
    for (const bad of ['tomorrow', '1994-11-06T08:49:37Z', 'Sun, 06 Nov 1994 08:49:37 +0200', '-1', '1.5', '']) expect(parseHttpDate(bad), bad).toBeUndefined();
  });

  it('takes delay-seconds as sent and a date as its distance from the response Date', () => {
    expect(retryAfterSeconds(new Headers({ 'Retry-After': '7' }))).toBe(7);
    expect(readRetryAfter(new Headers({ 'Retry-After': ' 0 ' }))).toEqual({ kind: 'seconds', seconds: 0 });
    const dated = new Headers({ 'Retry-After': 'Sun, 06 Nov 1994 08:49:40 GMT', Date: 'Sun, 06 Nov 1994 08:49:37 GMT' });
    // The Date header wins over the kit's idea of now: both come from the server's clock.
    expect(retryAfterSeconds(dated, AT + 3_600_000)).toBe(3);
    expect(retryAfterSeconds(new Headers({ 'Retry-After': 'Sun, 06 Nov 1994 08:49:40 GMT' }), AT)).toBe(3);
    expect(retryAfterSeconds(new Headers({ 'Retry-After': 'Sun, 06 Nov 1994 08:49:30 GMT' }), AT)).toBe(0);
    expect(retryAfterSeconds(new Headers({ 'Retry-After': 'soon' }))).toBeUndefined();
    expect(retryAfterSeconds(new Headers())).toBeUndefined();
  });

  it('the pacer waits out a dated Retry-After for as long as it says', async () => {
    let now = AT;
    const waits: number[] = [];
    const waiter: Waiter = {
      virtual: true,
      now: () => now,
      wait: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    };
    await new Pacer(waiter, { burst: 3, margin: 0 }).retryAfter(new Headers({ 'Retry-After': 'Sun, 06 Nov 1994 08:49:44 GMT' }));
    expect(waits).toEqual([7_005]);
  });
});
