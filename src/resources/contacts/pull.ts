/** Contacts read back (`seed pull`): every field the API shows, tags by name, custom field values, timestamps and ids. */
import { present, pullList, type PullSpec } from '../../groups/pull.js';

interface ContactView {
  id: number; channel: string; platform_user_id: string; name: string | null; email: string | null; phone: string | null;
  ig_username: string | null; profile_pic_url: string | null; stage: string; tags: string[]; lead_score: number;
  lead_temperature: string; notes: string | null; custom_fields: Record<string, unknown>; first_seen_at: string;
  first_user_message_at: string | null; last_seen_at: string; created_at: string; updated_at: string;
}

export const contactPull: PullSpec = {
  sections: [
    pullList<ContactView>({
      field: 'contacts',
      list: '/contacts',
      map: (contact) => ({
        id: contact.id,
        channel: contact.channel,
        platform_user_id: contact.platform_user_id,
        ...present(contact, ['name', 'email', 'phone', 'ig_username', 'profile_pic_url', 'notes']),
        stage: contact.stage,
        lead_score: contact.lead_score,
        lead_temperature: contact.lead_temperature,
        tags: contact.tags,
        custom_fields: contact.custom_fields,
        created_at: contact.created_at,
        first_seen_at: contact.first_seen_at,
        first_user_message_at: contact.first_user_message_at,
        last_seen_at: contact.last_seen_at,
        // What changed it later (a flow run, a PATCH) is not pulled; when it did is.
        updated_at: contact.updated_at,
      }),
    }),
  ],
};
