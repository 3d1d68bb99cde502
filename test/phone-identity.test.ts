/**
 * SMS and WhatsApp contacts are phone numbers (2.2: "for SMS it is the phone number"; 4.4 routes
 * sends by `to_phone`): a contact made by POST /contacts is the one a send to its number reaches,
 * whichever way the id spells the number. Its `phone` stays what the caller gave.
 * Audit 4, I2. Both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const rows = (res: { body: unknown }) => (res.body as { data: Json[] }).data;

describeRuntimes('phone-number contacts', (api) => {
  const full = () => api().keys.full!;
  const createContact = async (body: Json) => {
    const res = await api().call({ method: 'POST', path: '/contacts', key: full(), body });
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    return data(res);
  };
  const send = async (body: Json) => {
    const res = await api().call({ method: 'POST', path: '/messages', key: full(), body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return data(res);
  };
  const conversationOf = async (id: unknown) => data(await api().call({ path: `/conversations/${id}`, key: full() }));

  it('a WhatsApp contact with a + id is the one a to_phone send reaches', async () => {
    const contact = await createContact({ channel: 'whatsapp', platform_user_id: '+15551234567' });
    expect(contact['phone']).toBeNull();
    const sent = await send({ idempotency_key: 'phone-wa-1', platform: 'whatsapp', to_phone: '+1 (555) 123-4567', template_name: 'hello_world' });
    expect((await conversationOf(sent['conversation_id']))['contact_id']).toBe(contact['id']);
    expect(rows(await api().call({ path: '/contacts', key: full(), query: { channel: 'whatsapp' } })).filter((row) => String(row['platform_user_id']).endsWith('15551234567'))).toHaveLength(1);
  });

  it('an SMS contact with an id without + is the one a send reaches; POST /contacts in the other spelling updates it', async () => {
    const contact = await createContact({ channel: 'sms', platform_user_id: '15551239999' });
    const sent = await send({ idempotency_key: 'phone-sms-1', to_phone: '+15551239999', message_text: 'hi' });
    expect((await conversationOf(sent['conversation_id']))['contact_id']).toBe(contact['id']);
    const again = await api().call({ method: 'POST', path: '/contacts', key: full(), body: { channel: 'sms', platform_user_id: '+15551239999', name: 'Same Person' } });
    expect(again.status).toBe(200);
    expect(data(again)).toMatchObject({ id: contact['id'], platform_user_id: '15551239999', name: 'Same Person' });
    expect(rows(await api().call({ path: '/contacts', key: full(), query: { channel: 'sms' } })).filter((row) => String(row['platform_user_id']).endsWith('15551239999'))).toHaveLength(1);
  });

  it('only SMS and WhatsApp numbers match across spellings; other ids and channels stay exact', async () => {
    const telegram = await createContact({ channel: 'telegram', platform_user_id: '5551234567' });
    const plus = await api().call({ method: 'POST', path: '/contacts', key: full(), body: { channel: 'telegram', platform_user_id: '+5551234567' } });
    expect(plus.status).toBe(201);
    expect(data(plus)['id']).not.toBe(telegram['id']);
    const short = await createContact({ channel: 'sms', platform_user_id: '12345' });
    const shortPlus = await api().call({ method: 'POST', path: '/contacts', key: full(), body: { channel: 'sms', platform_user_id: '+12345' } });
    expect(shortPlus.status).toBe(201);
    expect(data(shortPlus)['id']).not.toBe(short['id']);
  });

  it('an inbound SMS from a number a contact already holds in the other spelling lands on that contact', async () => {
    const contact = await createContact({ channel: 'sms', platform_user_id: '15557654321' });
    const accountId = api().accounts[0]!.id;
    const heard = api().sim.sandbox.inbound(accountId, { channel: 'sms', platform_user_id: '+15557654321', text: 'hello' });
    if (!heard.delivered) throw new Error('inbound not delivered');
    expect(heard.conversation.contact_id).toBe(contact['id']);
    expect(heard.conversation.platform_user_id).toBe('15557654321');
    // Every group asks the same lookup: the inbound result does not claim a contact was made.
    expect(heard.contact_created).toBe(false);
  });
});
