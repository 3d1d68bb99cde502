/**
 * Per-type checks for custom field values (4.2 PATCH, 4.3, 8). Pure functions: the contacts model
 * calls them and names the failing key (`custom_fields.<key>`) in the 400.
 *
 * A value is exactly the JSON type of its field (no coercion of "42" to 42): a sync job that sends
 * the wrong type should hear about it, not have the sandbox guess (docs/decisions.md).
 */
import { fitsChars } from '../shared/characters.js';
import { TEXT_VALUE_MAX, type CustomFieldType } from './schemas.js';

export type CustomFieldValue = string | number | boolean;

export type ValueCheck =
  | { readonly ok: true; readonly value: CustomFieldValue | null }
  | { readonly ok: false; readonly message: string };

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD that names a real calendar day (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** `null` clears any field; `""` clears a text field (the same rule as the contact's own fields). */
export function checkValue(type: CustomFieldType, value: unknown): ValueCheck {
  if (value === null) return { ok: true, value: null };
  switch (type) {
    case 'text':
      if (typeof value !== 'string') return { ok: false, message: 'must be a string (text field)' };
      if (!fitsChars(value, TEXT_VALUE_MAX)) return { ok: false, message: `must be at most ${TEXT_VALUE_MAX} characters` };
      return { ok: true, value: value === '' ? null : value };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, message: 'must be a JSON number (number field)' };
      return { ok: true, value };
    case 'date':
      if (typeof value !== 'string' || !isCalendarDate(value)) {
        return { ok: false, message: 'must be a calendar date as YYYY-MM-DD (date field)' };
      }
      return { ok: true, value };
    case 'boolean':
      if (typeof value !== 'boolean') return { ok: false, message: 'must be true or false (boolean field)' };
      return { ok: true, value };
  }
}
