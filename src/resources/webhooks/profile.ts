/**
 * Payload profiles (section 6): `full` carries message text, `minimal` leaves it out. Which
 * fields are "message text" is ours to define: the names below, at any depth of `data`, plus the
 * extra names an event lists in EVENT_TEXT_FIELDS. Everything else (ids, status, channel,
 * timestamps, field keys) stays, so a minimal receiver can still fetch the full record through the
 * API with its own key.
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

/**
 * Per-event additions: fields that hold message text under a more generic name. Contact data
 * (names, custom field values) is not message text and stays in `minimal`.
 */
export const EVENT_TEXT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'message.received': ['content', 'attachments_text'],
  'comment.handled': ['content', 'reply'],
  'post.scheduled': ['content'],
  'post.published': ['content'],
  'post.failed': ['content'],
};

export function applyProfile(
  type: string,
  data: Record<string, unknown>,
  profile: PayloadProfileName,
): Record<string, unknown> {
  if (profile === 'full') return data;
  const drop = new Set([...TEXT_FIELDS, ...(EVENT_TEXT_FIELDS[type] ?? [])]);
  return strip(data, drop) as Record<string, unknown>;
}

function strip(value: unknown, drop: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, drop));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!drop.has(key)) out[key] = strip(inner, drop);
  }
  return out;
}
