/**
 * Payload profiles (section 6): `full` carries message text, `minimal` leaves it out. Which
 * fields are "message text" is ours to define: the names below, at any depth of `data`, plus the
 * extra names an event lists in EVENT_TEXT_FIELDS. Everything else (ids, status, channel,
 * timestamps, field keys) stays, so a minimal receiver can still fetch the full record through the
 * API with its own key.
 */
import type { PayloadProfileName } from './schemas.js';
/** Text a person wrote or the AI produced, whichever event carries it. */
export declare const TEXT_FIELDS: readonly string[];
/**
 * Per-event additions: fields that hold message text under a more generic name. Contact data
 * (names, custom field values) is not message text and stays in `minimal`.
 */
export declare const EVENT_TEXT_FIELDS: Readonly<Record<string, readonly string[]>>;
export declare function applyProfile(type: string, data: Record<string, unknown>, profile: PayloadProfileName): Record<string, unknown>;
