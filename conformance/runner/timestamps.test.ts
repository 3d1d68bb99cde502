/** Spec 2.1's UTC rule as the kit reads it (audit 10b F4; `Z` decided in docs/decisions.md). */
import { describe, expect, it } from 'vitest';
import { firstNonUtcTimestamp } from './timestamps.js';

describe('firstNonUtcTimestamp', () => {
  it('accepts +00:00 and Z, with or without fractions', () => {
    expect(firstNonUtcTimestamp({ data: [{ created_at: '2026-11-24T13:42:24+00:00' }, { sent_at: '2026-11-24T13:42:24.123Z' }] })).toBeUndefined();
  });

  it('finds the same instant written in local time, with where it is', () => {
    expect(firstNonUtcTimestamp({ data: [{ id: 1, created_at: '2026-11-24T13:42:24+00:00' }, { id: 2, updated_at: '2026-11-24T08:42:24-05:00' }] })).toEqual({
      at: 'data[1].updated_at',
      value: '2026-11-24T08:42:24-05:00',
    });
    expect(firstNonUtcTimestamp({ data: { window: { current_from: '2026-11-24T14:42:24+01:00' } } })?.at).toBe('data.window.current_from');
    expect(firstNonUtcTimestamp({ data: { datetime: '2026-11-24T14:42:24+01:00' } })?.at).toBe('data.datetime');
    expect(firstNonUtcTimestamp({ data: { dates_at: ['2026-11-24T13:42:24+00:00', '2026-11-24T14:42:24+01:00'] } })?.at).toBe('data.dates_at[1]');
  });

  it('treats -00:00 (RFC 3339: offset unknown) as not UTC', () => {
    expect(firstNonUtcTimestamp({ created_at: '2026-11-24T13:42:24-00:00' })?.value).toBe('2026-11-24T13:42:24-00:00');
  });

  it('ignores strings that are not date-times (dates, text, no offset: the schemas judge those)', () => {
    expect(firstNonUtcTimestamp({ date: '2026-11-24', text: 'meet at 2026-11-24T13:42:24-05:00 ok', naive_at: '2026-11-24T13:42:24' })).toBeUndefined();
  });

  it('judges timestamp fields only: free text the customer wrote is not a timestamp of the service (audit 11a A1)', () => {
    const local = '2026-11-24T08:00:00-05:00';
    expect(firstNonUtcTimestamp({ data: [{ notes: local, name: local, message_text: local, custom_fields: { visit_at: local, when: local } }] })).toBeUndefined();
    expect(firstNonUtcTimestamp({ data: [{ notes: local, updated_at: local }] })?.at).toBe('data[0].updated_at');
  });
});
