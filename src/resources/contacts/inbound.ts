/**
 * Contacts as the messaging groups meet them: a person writes in (or comments), or a cold
 * outbound send reaches someone new. These are the entry points the conversations group uses.
 * A contact either creates on SMS or WhatsApp gets its number as `phone` (E.164), the one rule
 * of ./phone-identity.ts, so a texting customer and a cold-sent one look alike (audit 9c, Q1).
 */
import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import { phoneOfId } from './phone-identity.js';
import type { ContactRecord } from './record.js';
import { LIMITS } from './schemas.js';
import type { ContactWriter } from './writer.js';
import { cutChars } from '../shared/characters.js';

export interface InboundIdentity {
  readonly channel: Channel;
  readonly platform_user_id: string;
  readonly name?: string | undefined;
  readonly ig_username?: string | undefined;
  readonly profile_pic_url?: string | undefined;
  /** `comment` for a person who only commented: `first_user_message_at` stays null. Default `message`. */
  readonly kind?: 'message' | 'comment';
}

export interface OutboundIdentity {
  readonly channel: Channel;
  readonly platform_user_id: string;
  readonly name?: string | undefined;
}

/** A channel profile name can be longer than the API's own limit; keep what fits. */
const fit = (name: string | undefined): string | null => (name === undefined ? null : cutChars(name, LIMITS.name));

export function createInboundContacts(core: CoreServices, writer: ContactWriter) {
  return {
    /**
     * An inbound message (or comment): creates the contact at stage `new` if the identity is new,
     * records first_user_message_at/last_seen_at, and fills a missing name or profile from the
     * channel without overwriting one. Activity timestamps alone fire no event.
     */
    upsertFromInbound(accountId: number, identity: InboundIdentity): ContactRecord {
      const now = core.clock.iso();
      const messaged = (identity.kind ?? 'message') === 'message';
      const existing = writer.findByIdentity(accountId, identity.channel, identity.platform_user_id);
      if (!existing) {
        return writer.insert(
          accountId,
          {
            channel: identity.channel,
            platform_user_id: identity.platform_user_id,
            name: fit(identity.name),
            ig_username: identity.ig_username ?? null,
            profile_pic_url: identity.profile_pic_url ?? null,
            phone: phoneOfId(identity.channel, identity.platform_user_id) ?? null,
            first_user_message_at: messaged ? now : null,
          },
          'inbound',
        );
      }
      return writer.commit(
        existing,
        {
          ...existing,
          name: existing.name ?? fit(identity.name),
          ig_username: existing.ig_username ?? identity.ig_username ?? null,
          profile_pic_url: existing.profile_pic_url ?? identity.profile_pic_url ?? null,
          last_seen_at: now,
          first_user_message_at: existing.first_user_message_at ?? (messaged ? now : null),
        },
        'inbound',
      );
    },

    /**
     * A cold outbound send to someone who never wrote (SMS, WhatsApp, Telegram): the contact is
     * created if new, with first_user_message_at null; an existing contact is left as it is.
     */
    ensureContact(accountId: number, identity: OutboundIdentity): { contact: ContactRecord; created: boolean } {
      const existing = writer.findByIdentity(accountId, identity.channel, identity.platform_user_id);
      if (existing) return { contact: existing, created: false };
      const contact = writer.insert(
        accountId,
        {
          channel: identity.channel,
          platform_user_id: identity.platform_user_id,
          name: fit(identity.name),
          phone: phoneOfId(identity.channel, identity.platform_user_id) ?? null,
        },
        'outbound',
      );
      return { contact, created: true };
    },
  };
}
