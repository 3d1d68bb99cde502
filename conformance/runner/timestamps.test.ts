/** Spec 2.1's UTC rule as the kit reads it (audit 10b F4; `Z` decided in docs/decisions.md). */
import { describe, expect, it } from 'vitest';
import { firstNonUtcTimestamp } from './timestamps.js';

describe('firstNonUtcTimestamp', () => {
  it('accepts +00:00 and Z, with or without fractions', () => {
    expect(firstNonUtcTimestamp({ data: [{ created_at: '2026-11-24T13:42:24+00:00' }, { at: '2026-11-24T13:42:24.123Z' }] })).toBeUndefined();
  });

  it('finds the same instant written in local time, with where it is', () => {
    expect(firstNonUtcTimestamp({ data: [{ id: 1, created_at: '2026-11-24T13:42:24+00:00' }, { id: 2, updated_at: '2026-11-24T08:42:24-05:00' }] })).toEqual({
      at: 'data[1].updated_at',
      value: '2026-11-24T08:42:24-05:00',
    });
    expect(firstNonUtcTimestamp({ data: { window: { from: '2026-11-24T14:42:24+01:00' } } })?.at).toBe('data.window.from');
  });

  it('treats -00:00 (RFC 3339: offset unknown) as not UTC', () => {
    expect(firstNonUtcTimestamp({ at: '2026-11-24T13:42:24-00:00' })?.value).toBe('2026-11-24T13:42:24-00:00');
  });

  it('ignores strings that are not date-times (dates, text, no offset: the schemas judge those)', () => {
    expect(firstNonUtcTimestamp({ date: '2026-11-24', text: 'meet at 2026-11-24T13:42:24-05:00 ok', naive: '2026-11-24T13:42:24' })).toBeUndefined();
  });
});
