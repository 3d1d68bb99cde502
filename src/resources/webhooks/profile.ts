/**
 * Payload profiles (section 6): `full` carries message text, `minimal` leaves it out. Which
 * fields are "message text" is ours to define: the names below, at any depth of `data` and in any
 * letter case, plus the extra names the event itself declares (`textFields` in its group's
 * `events.ts`). Everything else (ids, status, channel, timestamps, field keys) stays, so a
 * minimal receiver can still fetch the full record through the API with its own key.
 */
import type { PayloadProfileName } from './schemas.js';

/** Text a person wrote or the AI produced, whichever event carries it. */
export const TEXT_FIELDS: readonly string[] = [
  'text',
  'message_text',
  'last_message_text',
  'body',
  'caption',
  'comment_text',
  'reply_text',
  'transcript',
  'preview',
  'snippet',
];

export function applyProfile(
  data: Record<string, unknown>,
  profile: PayloadProfileName,
  eventTextFields: readonly string[] = [],
): Record<string, unknown> {
  if (profile === 'full') return data;
  const drop = new Set([...TEXT_FIELDS, ...eventTextFields].map((name) => name.toLowerCase()));
  return strip(data, drop) as Record<string, unknown>;
}

function strip(value: unknown, drop: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, drop));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!drop.has(key.toLowerCase())) out[key] = strip(inner, drop);
  }
  return out;
}
