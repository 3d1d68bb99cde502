/** Follow-ups leave quiet hours (2.17 `followups.quiet_hours`): the pure rule, around midnight and DST. */
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
