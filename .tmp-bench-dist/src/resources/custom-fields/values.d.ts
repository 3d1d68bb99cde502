/**
 * Per-type checks for custom field values (4.2 PATCH, 4.3, 8). Pure functions: the contacts model
 * calls them and names the failing key (`custom_fields.<key>`) in the 400.
 *
 * A value is exactly the JSON type of its field (no coercion of "42" to 42): a sync job that sends
 * the wrong type should hear about it, not have the sandbox guess (docs/decisions.md).
 */
import { type CustomFieldType } from './schemas.js';
export type CustomFieldValue = string | number | boolean;
export type ValueCheck = {
    readonly ok: true;
    readonly value: CustomFieldValue | null;
} | {
    readonly ok: false;
    readonly message: string;
};
/** YYYY-MM-DD that names a real calendar day (2026-02-30 does not). */
export declare function isCalendarDate(value: string): boolean;
/** `null` clears any field; `""` clears a text field (the same rule as the contact's own fields). */
export declare function checkValue(type: CustomFieldType, value: unknown): ValueCheck;
