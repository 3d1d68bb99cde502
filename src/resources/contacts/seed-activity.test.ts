/**
 * The default seed's contacts of accounts 1-4 message only where the rest of the seed shows it
 * (2.2 `first_user_message_at`, set only for someone who opened a direct message; 2.14
 * `messages.inbound`; audit 13b B6): a contact whose first direct message falls in the overview's
 * windows (the last 60 days) has a conversation, which the overview counts; none of them wrote on
 * a channel GET /ai/channels reports not connected in that time. The rest were imported (POST
 * /contacts) or only commented: `first_user_message_at` null, `last_seen_at` their creation.
 * docs/decisions.md "Seeded contacts of accounts 2-4 message only in their conversations (audit
 * 13b B6)". Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

const NOW = '2026-11-25T12:00:00Z';
const CHANNEL_GROUP: Readonly<Record<string, string>> = { instagram: 'meta', facebook: 'meta', sms: 'sms', whatsapp: 'whatsapp', telegram: 'telegram' };

describeRuntimes(
  'seeded contacts of accounts 1-4 and their conversations (audit 13b B6)',
  (api) => {
    it('a contact who wrote in the last 60 days has a conversation, on a connected channel', async () => {
      for (const account of api().accounts.slice(0, 4)) {
        const key = account.keys.full;
        const contacts = list(await api().call({ path: '/contacts', key, query: { limit: '100' } }));
        expect(contacts.length, `account ${account.id} has seeded contacts`).toBeGreaterThan(50);
        const threads = new Set(list(await api().call({ path: '/conversations', key, query: { limit: '100' } })).map((thread) => thread['contact_id']));
        const window = (data(await api().call({ path: '/analytics/overview', key })) as { window: { previous_from: string } }).window;
        const channels = data(await api().call({ path: '/ai/channels', key })) as Record<string, { connected: boolean }>;
        const wrote = contacts.filter((contact: Json) => typeof contact['first_user_message_at'] === 'string' && contact['first_user_message_at'] >= window.previous_from);
        const withoutThread = wrote.filter((contact) => !threads.has(contact['id'])).map((contact) => `${String(contact['id'])} ${String(contact['channel'])}`);
        expect(withoutThread, `account ${account.id}: wrote since ${window.previous_from} with no conversation`).toEqual([]);
        const offChannel = wrote.filter((contact) => channels[CHANNEL_GROUP[contact['channel'] as string]!]?.connected === false).map((contact) => contact['id']);
        expect(offChannel, `account ${account.id}: wrote on a channel not connected`).toEqual([]);
      }
    });

    it('a contact who never wrote is last seen when it was created', async () => {
      for (const account of api().accounts.slice(0, 4)) {
        const contacts = list(await api().call({ path: '/contacts', key: account.keys.full, query: { limit: '100' } }));
        const silent = contacts.filter((contact) => contact['first_user_message_at'] === null);
        expect(silent.length).toBeGreaterThan(0);
        for (const contact of silent) expect(contact['last_seen_at'], `account ${account.id} contact ${String(contact['id'])}`).toBe(contact['created_at']);
      }
    });
  },
  { clock: { frozenAt: NOW } },
);
