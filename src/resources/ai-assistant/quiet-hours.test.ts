/** Follow-ups leave quiet hours (2.17 `followups.quiet_hours`): the pure rule, around midnight and DST. */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { outsideQuietHours } from './quiet-hours.js';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const night = { enabled: true, start: '21:00', end: '08:00' };

describe('outsideQuietHours', () => {
  it('leaves an instant outside the window alone, and moves one inside to its end', () => {
    expect(outsideQuietHours(at('2030-03-04T15:20:00Z'), night, NY)).toBe(at('2030-03-04T15:20:00Z')); // 10:20
    expect(outsideQuietHours(at('2030-03-05T01:59:59Z'), night, NY)).toBe(at('2030-03-05T01:59:59Z')); // 20:59:59
    expect(outsideQuietHours(at('2030-03-05T02:00:00Z'), night, NY)).toBe(at('2030-03-05T13:00:00Z')); // 21:00 -> 08:00 next day
    expect(outsideQuietHours(at('2030-03-05T07:30:00Z'), night, NY)).toBe(at('2030-03-05T13:00:00Z')); // 02:30 -> 08:00 same day
    expect(outsideQuietHours(at('2030-03-05T13:00:00Z'), night, NY)).toBe(at('2030-03-05T13:00:00Z')); // 08:00 is outside
  });

  it('a window inside one day (13:00 to 14:00), off, or empty', () => {
    const lunch = { enabled: true, start: '13:00', end: '14:00' };
    expect(outsideQuietHours(at('2030-03-04T18:30:00Z'), lunch, NY)).toBe(at('2030-03-04T19:00:00Z'));
    expect(outsideQuietHours(at('2030-03-04T19:00:00Z'), lunch, NY)).toBe(at('2030-03-04T19:00:00Z'));
    expect(outsideQuietHours(at('2030-03-05T02:00:00Z'), { ...night, enabled: false }, NY)).toBe(at('2030-03-05T02:00:00Z'));
    expect(outsideQuietHours(at('2030-03-05T02:00:00Z'), { enabled: true, start: '09:00', end: '09:00' }, NY)).toBe(at('2030-03-05T02:00:00Z'));
  });

  it('across the spring-forward night, the end is 08:00 EDT', () => {
    // 2030-03-10: clocks go from 02:00 EST to 03:00 EDT; 23:00 EST on the 9th -> 08:00 EDT (12:00Z).
    expect(outsideQuietHours(at('2030-03-10T04:00:00Z'), night, NY)).toBe(at('2030-03-10T12:00:00Z'));
  });

  it('across the fall-back night, the end is 08:00 EST', () => {
    // 2030-11-03: clocks go from 02:00 EDT back to 01:00 EST; 23:00 EDT on the 2nd -> 08:00 EST (13:00Z).
    expect(outsideQuietHours(at('2030-11-03T03:00:00Z'), night, NY)).toBe(at('2030-11-03T13:00:00Z'));
    // Inside the repeated hour (01:30 EST) -> 08:00 EST.
    expect(outsideQuietHours(at('2030-11-03T06:30:00Z'), night, NY)).toBe(at('2030-11-03T13:00:00Z'));
  });

  it('a zone east of UTC (Asia/Kolkata, +05:30)', () => {
    // 22:15 IST -> 08:00 IST next day (02:30Z).
    expect(outsideQuietHours(at('2030-03-04T16:45:00Z'), night, 'Asia/Kolkata')).toBe(at('2030-03-05T02:30:00Z'));
  });
});

const LONDON = 'Europe/London';
const window = (start: string, end: string) => ({ enabled: true, start, end });

describe('outsideQuietHours on the nights the clocks change (audit 9b, P2)', () => {
  it('spring forward, New York: an end the night skips (02:00 to 02:59) ends at the jump, 03:00 EDT', () => {
    // 2030-03-10 07:00Z: 02:00 EST becomes 03:00 EDT. Due 23:10 EST on the 9th.
    for (const end of ['02:00', '02:30', '02:59']) {
      expect(outsideQuietHours(at('2030-03-10T04:10:00Z'), window('22:00', end), NY)).toBe(at('2030-03-10T07:00:00Z'));
    }
    // Due inside the hour before the jump (01:30 EST).
    expect(outsideQuietHours(at('2030-03-10T06:30:00Z'), window('22:00', '02:30'), NY)).toBe(at('2030-03-10T07:00:00Z'));
    // Ends that exist that night are kept: 01:59 EST, 03:00 EDT, 03:30 EDT.
    expect(outsideQuietHours(at('2030-03-10T04:10:00Z'), window('22:00', '01:59'), NY)).toBe(at('2030-03-10T06:59:00Z'));
    expect(outsideQuietHours(at('2030-03-10T04:10:00Z'), window('22:00', '03:00'), NY)).toBe(at('2030-03-10T07:00:00Z'));
    expect(outsideQuietHours(at('2030-03-10T04:10:00Z'), window('22:00', '03:30'), NY)).toBe(at('2030-03-10T07:30:00Z'));
    // A window inside one day whose end the jump skips (01:00 to 02:30).
    expect(outsideQuietHours(at('2030-03-10T06:15:00Z'), window('01:00', '02:30'), NY)).toBe(at('2030-03-10T07:00:00Z'));
  });

  it('spring forward, London: 01:00 GMT becomes 02:00 BST; an end of 01:30 ends at the jump', () => {
    expect(outsideQuietHours(at('2030-03-30T23:00:00Z'), window('22:00', '01:30'), LONDON)).toBe(at('2030-03-31T01:00:00Z'));
    expect(outsideQuietHours(at('2030-03-30T23:00:00Z'), window('22:00', '00:59'), LONDON)).toBe(at('2030-03-31T00:59:00Z'));
    expect(outsideQuietHours(at('2030-03-30T23:00:00Z'), window('22:00', '08:00'), LONDON)).toBe(at('2030-03-31T07:00:00Z'));
  });

  it('fall back: an end inside the repeated hour is its first reading; an end after it is in the new offset', () => {
    // New York 2030-11-03 06:00Z: 02:00 EDT becomes 01:00 EST.
    expect(outsideQuietHours(at('2030-11-03T03:10:00Z'), window('22:00', '01:30'), NY)).toBe(at('2030-11-03T05:30:00Z'));
    expect(outsideQuietHours(at('2030-11-03T03:10:00Z'), window('22:00', '08:00'), NY)).toBe(at('2030-11-03T13:00:00Z'));
    // London 2030-10-27 01:00Z: 02:00 BST becomes 01:00 GMT.
    expect(outsideQuietHours(at('2030-10-26T22:00:00Z'), window('22:00', '01:30'), LONDON)).toBe(at('2030-10-27T00:30:00Z'));
    expect(outsideQuietHours(at('2030-10-26T22:00:00Z'), window('22:00', '08:00'), LONDON)).toBe(at('2030-10-27T08:00:00Z'));
  });

  it('start == end is no quiet hours, on a DST night too', () => {
    expect(outsideQuietHours(at('2030-03-10T06:30:00Z'), window('02:30', '02:30'), NY)).toBe(at('2030-03-10T06:30:00Z'));
    expect(outsideQuietHours(at('2030-03-31T00:30:00Z'), window('01:30', '01:30'), LONDON)).toBe(at('2030-03-31T00:30:00Z'));
  });
});

/** The oracle, straight from luxon: the account's wall clock reads inside [start, end). */
function insideByWallClock(ms: number, quiet: { start: string; end: string }, zone: string): boolean {
  const wall = DateTime.fromMillis(ms, { zone }).toFormat('HH:mm');
  return quiet.start > quiet.end ? wall >= quiet.start || wall < quiet.end : wall >= quiet.start && wall < quiet.end;
}

/** Nights the clocks change in 2030 (New York and London), where the rule is easiest to break. */
const CHANGE_NIGHTS = ['2030-03-09T12:00:00Z', '2030-03-30T12:00:00Z', '2030-10-26T12:00:00Z', '2030-11-02T12:00:00Z'].map(Date.parse);

describe('outsideQuietHours (property)', () => {
  it('the released instant is never inside quiet hours and is the earliest such minute at or after the due one', () => {
    const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const nightHhmm = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `0${h}:${String(m).padStart(2, '0')}`);
    const due = fc.tuple(fc.constantFrom(...CHANGE_NIGHTS), fc.integer({ min: 0, max: 36 * 60 })).map(([night, minutes]) => night + minutes * 60_000);
    fc.assert(
      fc.property(due, fc.oneof(hhmm, nightHhmm), fc.oneof(hhmm, nightHhmm), fc.constantFrom(NY, LONDON), (dueMs, start, end, zone) => {
        const quiet = window(start, end);
        const released = outsideQuietHours(dueMs, quiet, zone);
        expect(released).toBeGreaterThanOrEqual(dueMs);
        if (start === end) {
          expect(released).toBe(dueMs);
          return;
        }
        expect(insideByWallClock(released, quiet, zone)).toBe(false);
        for (let minute = dueMs; minute < released; minute += 60_000) expect(insideByWallClock(minute, quiet, zone)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
