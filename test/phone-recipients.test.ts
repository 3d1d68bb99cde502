/**
 * On SMS and WhatsApp a send's recipient is a phone number, whichever way the send is routed
 * (2.2 "for SMS it is the phone number"; 4.4 routing; 7.2 400 `invalid_request`), and a contact
 * the service creates from a phone channel holds that number as `phone` whether a cold send or an
 * inbound message creates it (2.2, 4.2 `?phone=`, 2.14 `with_phone`). Audit 9c, Q4 and Q1. Both
 * runtimes; the rule's fuzz runs in process (same code path, no sockets per case).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { describeRuntimes } from './support/runtimes.js';

type Json = Record<string, unknown>;
type Res = { status: number; body: unknown; headers: Record<string, string> };
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const rows = (res: { body: unknown }) => (res.body as { data: Json[] }).data;
const error = (res: { body: unknown }) => (res.body as { error: Json }).error;
/** An overview count: a number, or `{current, previous}` on totals. */
const countOf = (value: unknown): number => (typeof value === 'number' ? value : (value as { current: number }).current);

describeRuntimes('phone-channel recipients and contacts', (api) => {
  const full = () => api().keys.full!;
  const accountId = () => api().accounts[0]!.id;
  const send = (body: Json): Promise<Res> => api().call({ method: 'POST', path: '/messages', key: full(), body });
  const contactsOf = async (channel: string): Promise<Json[]> => rows(await api().call({ path: '/contacts', key: full(), query: { channel, limit: '100' } }));
  const byPhone = async (phone: string): Promise<number[]> =>
    rows(await api().call({ path: '/contacts', key: full(), query: { phone } })).map((row) => row['id'] as number);
  const conversation = async (id: unknown): Promise<Json> => data(await api().call({ path: `/conversations/${id}`, key: full() }));
  const contact = async (id: unknown): Promise<Json> => data(await api().call({ path: `/contacts/${id}`, key: full() }));
  const sendCount = () => api().sim.sandbox.sends(accountId()).length;
  const notANumber = (res: Res, param: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_request', param });
    return error(res)['message'] as string;
  };

  describe('Q4: platform + platform_user_id on SMS and WhatsApp names a phone number', () => {
    it('a string that is not a number is 400 naming platform_user_id, as to_phone is; nothing created, no send recorded', async () => {
      const sms = await contactsOf('sms');
      const wa = await contactsOf('whatsapp');
      const sends = sendCount();
      const cases: [Json, string][] = [
        [{ idempotency_key: 'q4-a', platform: 'sms', platform_user_id: 'not-a-number', message_text: 'x' }, 'platform_user_id'],
        [{ idempotency_key: 'q4-b', to_phone: 'not-a-number', message_text: 'x' }, 'to_phone'],
        [{ idempotency_key: 'q4-c', platform: 'sms', platform_user_id: '12', message_text: 'x' }, 'platform_user_id'],
        [{ idempotency_key: 'q4-d', platform: 'sms', platform_user_id: '1234567890123456', message_text: 'x' }, 'platform_user_id'],
        [{ idempotency_key: 'q4-e', platform: 'whatsapp', platform_user_id: 'hello world', template_name: 'hello', template_language: 'en' }, 'platform_user_id'],
        [{ idempotency_key: 'q4-f', platform: 'whatsapp', to_phone: 'hello world', template_name: 'hello', template_language: 'en' }, 'to_phone'],
        [{ idempotency_key: 'q4-g', to_phone: '155501', message_text: 'x' }, 'to_phone'],
      ];
      const messages = [];
      for (const [body, param] of cases) messages.push(notANumber(await send(body), param));
      // One rule, one message for both routings.
      expect(messages[0]).toBe('Invalid value for platform_user_id: must be a phone number (7 to 15 digits, any formatting)');
      expect(new Set(messages.map((message) => message.replace(/platform_user_id|to_phone/, 'recipient'))).size).toBe(1);
      expect(await contactsOf('sms')).toEqual(sms);
      expect(await contactsOf('whatsapp')).toEqual(wa);
      expect(sendCount()).toBe(sends);
    });

    it('the 400 is replayed for the same key, like the other 400s of POST /messages, and sends nothing', async () => {
      const body = { idempotency_key: 'q4-replay', platform: 'sms', platform_user_id: 'call me', message_text: 'x' };
      const first = await send(body);
      notANumber(first, 'platform_user_id');
      const again = await send(body);
      expect([again.status, again.body]).toEqual([400, first.body]);
      // A corrected body sends, under a new key.
      expect((await send({ ...body, idempotency_key: 'q4-replay-2', platform_user_id: '+1 555 010 0777' })).status).toBe(200);
    });

    it('a number in any formatting is stored as to_phone stores it: SMS E.164, WhatsApp digits, phone in E.164', async () => {
      const sms = await send({ idempotency_key: 'q4-sms', platform: 'sms', platform_user_id: '+1 (555) 333-4444', message_text: 'hi' });
      expect(sms.status, JSON.stringify(sms.body)).toBe(200);
      const smsThread = await conversation(data(sms)['conversation_id']);
      expect(smsThread).toMatchObject({ platform_user_id: '+15553334444', lead_phone: '+15553334444' });
      expect(await contact(smsThread['contact_id'])).toMatchObject({ channel: 'sms', platform_user_id: '+15553334444', phone: '+15553334444' });
      // The same number by to_phone, in another formatting, is the same thread.
      const again = await send({ idempotency_key: 'q4-sms-2', to_phone: '15553334444', message_text: 'again' });
      expect(data(again)['conversation_id']).toBe(data(sms)['conversation_id']);

      const wa = await send({ idempotency_key: 'q4-wa', platform: 'whatsapp', platform_user_id: '+1 555 333 5555', template_name: 'hello', template_language: 'en' });
      expect(wa.status, JSON.stringify(wa.body)).toBe(200);
      const waThread = await conversation(data(wa)['conversation_id']);
      expect(await contact(waThread['contact_id'])).toMatchObject({ channel: 'whatsapp', platform_user_id: '15553335555', phone: '+15553335555' });
      const byToPhone = await send({ idempotency_key: 'q4-wa-2', platform: 'whatsapp', to_phone: '+15553335555', template_name: 'hello', template_language: 'en' });
      expect(data(byToPhone)['conversation_id']).toBe(data(wa)['conversation_id']);
      expect(api().sim.sandbox.sends(accountId()).slice(-4).map((row) => row.cold_created)).toEqual([true, false, true, false]);
    });

    it('a number in any formatting reaches the thread that number already has', async () => {
      const heard = api().sim.sandbox.inbound(accountId(), { channel: 'sms', platform_user_id: '+15551112222', text: 'hello' });
      if (!heard.delivered) throw new Error('inbound not delivered');
      const res = await send({ idempotency_key: 'q4-known', platform: 'sms', platform_user_id: '1 (555) 111-2222', message_text: 'hi back' });
      expect(data(res)['conversation_id']).toBe(heard.conversation.id);
      const wa = await send({ idempotency_key: 'q4-seeded', platform: 'whatsapp', platform_user_id: '+44 7701 01004', template_name: 'hello', template_language: 'en' });
      const seeded = (await contactsOf('whatsapp')).find((row) => row['platform_user_id'] === '44770101004')!;
      expect((await conversation(data(wa)['conversation_id']))['contact_id']).toBe(seeded['id']);
    });

    it('a contact whose stored id is not a number (imported data) is still reached by that id', async () => {
      const made = await api().call({ method: 'POST', path: '/contacts', key: full(), body: { channel: 'sms', platform_user_id: 'legacy-import-7' } });
      expect(made.status).toBe(201);
      const cold = await send({ idempotency_key: 'q4-legacy', platform: 'sms', platform_user_id: 'legacy-import-7', message_text: 'hi' });
      expect(cold.status, JSON.stringify(cold.body)).toBe(200);
      const thread = await conversation(data(cold)['conversation_id']);
      expect(thread).toMatchObject({ contact_id: data(made)['id'], platform_user_id: 'legacy-import-7' });
      // And its thread, now that it has one.
      const next = await send({ idempotency_key: 'q4-legacy-2', platform: 'sms', platform_user_id: 'legacy-import-7', message_text: 'again' });
      expect(data(next)['conversation_id']).toBe(thread['id']);
    });
  });

  describe('Q1: one phone rule for the contacts the service creates from a phone channel', () => {
    it('an inbound SMS or WhatsApp message from a new customer fills phone (E.164), as a cold send does; ?phone= finds both', async () => {
      const overview = async () => countOf((data(await api().call({ path: '/analytics/overview', key: full() }))['contacts'] as Json)['with_phone']);
      const before = await overview();
      const sms = api().sim.sandbox.inbound(accountId(), { channel: 'sms', platform_user_id: '+15551113333', text: 'hello' });
      const wa = api().sim.sandbox.inbound(accountId(), { channel: 'whatsapp', platform_user_id: '447700900555', text: 'hola' });
      if (!sms.delivered || !wa.delivered) throw new Error('inbound not delivered');
      expect(sms.conversation.lead_phone).toBe('+15551113333');
      expect(await contact(sms.contact_id)).toMatchObject({ platform_user_id: '+15551113333', phone: '+15551113333' });
      expect(await contact(wa.contact_id)).toMatchObject({ platform_user_id: '447700900555', phone: '+447700900555' });
      const cold = await send({ idempotency_key: 'q1-cold', to_phone: '+15551114444', message_text: 'hi' });
      const coldContact = (await conversation(data(cold)['conversation_id']))['contact_id'];
      expect(await byPhone('+15551113333')).toEqual([sms.contact_id]);
      expect(await byPhone('+447700900555')).toEqual([wa.contact_id]);
      expect(await byPhone('+15551114444')).toEqual([coldContact]);
      expect(await overview()).toBe(before + 3);
      // Holding a phone makes the texting customer a captured lead, as the cold-sent one was (house rule).
      const leads = api()
        .sim.sandbox.events(accountId(), { limit: 1000 })
        .filter((event) => event.type === 'lead.captured')
        .map((event) => event.data as { contact: { id: number }; captured: string[]; source: string });
      expect(leads.find((lead) => lead.contact.id === sms.contact_id)).toMatchObject({ captured: ['phone'], source: 'inbound' });
      expect(leads.find((lead) => lead.contact.id === coldContact)).toMatchObject({ captured: ['phone'], source: 'outbound' });
    });

    it('a sandbox thread made for a new SMS or WhatsApp person follows the same rule', async () => {
      const seed = async (platformUserId: string, channel = 'sms') => {
        const res = await api().call({ method: 'POST', path: '/_sandbox/conversations', key: full(), body: { channel, platform_user_id: platformUserId, messages: [{ text: 'x', ago: '1h' }] } });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return contact(data(res)['contact_id']);
      };
      expect(await seed('+1 (555) 010-0999')).toMatchObject({ phone: '+15550100999' });
      expect(await seed('447700900777', 'whatsapp')).toMatchObject({ phone: '+447700900777' });
      // Not a number, though it holds seven digits: no phone, as for an inbound message or a send.
      expect(await seed('ext-1234567')).toMatchObject({ phone: null });
    });

    it('POST /contacts still stores only the phone the caller sent (I2); an id that is not a number gets none', async () => {
      const made = await api().call({ method: 'POST', path: '/contacts', key: full(), body: { channel: 'sms', platform_user_id: '+15556667777' } });
      expect(data(made)['phone']).toBeNull();
      const shortCode = api().sim.sandbox.inbound(accountId(), { channel: 'sms', platform_user_id: '12345', text: 'hi' });
      if (!shortCode.delivered) throw new Error('inbound not delivered');
      expect((await contact(shortCode.contact_id))['phone']).toBeNull();
      const telegram = api().sim.sandbox.inbound(accountId(), { channel: 'telegram', platform_user_id: '5551239876', text: 'hi' });
      if (!telegram.delivered) throw new Error('inbound not delivered');
      expect((await contact(telegram.contact_id))['phone']).toBeNull();
    });
  });

  describe('D1: one contact and one thread per phone number, whatever its formatting (2.2 identity (channel, platform_user_id))', () => {
    const upsert = (body: Json): Promise<Res> => api().call({ method: 'POST', path: '/contacts', key: full(), body });
    const inbound = (channel: string, platformUserId: string) => {
      const heard = api().sim.sandbox.inbound(accountId(), { channel: channel as 'sms', platform_user_id: platformUserId, text: 'hi' });
      if (!heard.delivered) throw new Error('inbound not delivered');
      return heard;
    };

    it('an inbound from a formatted number and one from the plain number reach one contact and one thread, stored plain', async () => {
      const first = inbound('sms', '+1 (555) 222-3333');
      const second = inbound('sms', '+15552223333');
      expect(second.contact_id).toBe(first.contact_id);
      expect(second.conversation.id).toBe(first.conversation.id);
      expect(await contact(first.contact_id)).toMatchObject({ platform_user_id: '+15552223333', phone: '+15552223333' });
      expect(await conversation(first.conversation.id)).toMatchObject({ platform_user_id: '+15552223333' });
      expect(await byPhone('+15552223333')).toEqual([first.contact_id]);
      // A third spelling, without the +, is the same person too.
      expect(inbound('sms', '1 555 222 3333').contact_id).toBe(first.contact_id);
    });

    it('POST /contacts with two spellings: 201 then 200 on the same contact; GET shows the stored form', async () => {
      const made = await upsert({ channel: 'sms', platform_user_id: '+15551112222' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = data(made)['id'];
      for (const spelling of ['+1 555 111 2222', '+1 (555) 111-2222', '15551112222', '1.555.111.2222']) {
        const again = await upsert({ channel: 'sms', platform_user_id: spelling, notes: spelling });
        expect([again.status, data(again)['id']], spelling).toEqual([200, id]);
      }
      expect(await contact(id)).toMatchObject({ platform_user_id: '+15551112222', notes: '1.555.111.2222' });

      const formatted = await upsert({ channel: 'sms', platform_user_id: '(555) 444-5555' });
      expect(formatted.status).toBe(201);
      // Formatting dropped; no + added, since none was written.
      expect(await contact(data(formatted)['id'])).toMatchObject({ platform_user_id: '5554445555' });
      const plain = await upsert({ channel: 'sms', platform_user_id: '+15554445555' });
      expect(plain.status).toBe(201);
      const other = await upsert({ channel: 'sms', platform_user_id: '555-444-5555' });
      expect([other.status, data(other)['id']]).toEqual([200, data(formatted)['id']]);
    });

    it('after POST /contacts with a formatted id, a send by platform_user_id and one by to_phone reach that contact\'s one thread', async () => {
      const made = await upsert({ channel: 'sms', platform_user_id: '+1 (555) 121-3434' });
      expect(made.status).toBe(201);
      const byId = await send({ idempotency_key: 'd1-id', platform: 'sms', platform_user_id: '+1 (555) 121-3434', message_text: 'a' });
      const byPhoneNumber = await send({ idempotency_key: 'd1-phone', to_phone: '+1 (555) 121-3434', message_text: 'b' });
      expect(byId.status, JSON.stringify(byId.body)).toBe(200);
      expect(data(byPhoneNumber)['conversation_id']).toBe(data(byId)['conversation_id']);
      expect(await conversation(data(byId)['conversation_id'])).toMatchObject({ contact_id: data(made)['id'], platform_user_id: '+15551213434' });
      // No second contact for the number.
      expect((await contactsOf('sms')).filter((row) => String(row['platform_user_id']).replace(/\D/g, '') === '15551213434')).toHaveLength(1);
    });

    it('a sandbox thread for one spelling is the thread of every spelling (409 conflict), on the same contact', async () => {
      const seed = (platformUserId: string) =>
        api().call({ method: 'POST', path: '/_sandbox/conversations', key: full(), body: { channel: 'sms', platform_user_id: platformUserId, messages: [{ text: 'x', ago: '1h' }] } });
      const first = await seed('+1 (555) 787-8989');
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(await conversation(data(first)['id'])).toMatchObject({ platform_user_id: '+15557878989' });
      const again = await seed('+15557878989');
      expect(again.status).toBe(409);
      expect(error(again)).toMatchObject({ param: 'platform_user_id' });
      expect(inbound('sms', '15557878989').conversation.id).toBe(data(first)['id']);
    });

    it('WhatsApp keeps a plain + id as sent; ids that are not numbers, and other channels, are stored and matched exactly', async () => {
      const wa = await upsert({ channel: 'whatsapp', platform_user_id: '+15551234567' });
      expect(wa.status).toBe(201);
      expect(await contact(data(wa)['id'])).toMatchObject({ platform_user_id: '+15551234567' });
      expect(data(await upsert({ channel: 'whatsapp', platform_user_id: '1 555 123 4567' }))['id']).toBe(data(wa)['id']);

      const name = await upsert({ channel: 'sms', platform_user_id: 'desk (555) 9' });
      expect(await contact(data(name)['id'])).toMatchObject({ platform_user_id: 'desk (555) 9' });
      const telegram = await upsert({ channel: 'telegram', platform_user_id: '+1 (555) 222-9999' });
      expect(await contact(data(telegram)['id'])).toMatchObject({ platform_user_id: '+1 (555) 222-9999' });
      const telegramPlain = await upsert({ channel: 'telegram', platform_user_id: '+15552229999' });
      expect(telegramPlain.status).toBe(201);
      expect(data(telegramPlain)['id']).not.toBe(data(telegram)['id']);
    });
  });
});

describe('platform_user_id on SMS and WhatsApp: any string (fuzz)', () => {
  it('is a 2xx, or a 4xx naming platform_user_id that creates no contact and records no send; never a 5xx', async () => {
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const account = sim.accounts[0]!;
    const key = account.keys.full!;
    const count = () => sim.sandbox.sends(account.id).length;
    const contacts = async (channel: string) => (await sim.request({ path: '/contacts', key, query: { channel, limit: '100' } })).body;
    let n = 0;
    const seen = { sent: 0, refused: 0 };
    /** 5 to 17 digits, each followed by a separator now and then: numbers in every formatting, and near misses. */
    const written = fc
      .tuple(fc.boolean(), fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom('', '', '', ' ', '-', '.', '(', ')')), { minLength: 5, maxLength: 17 }))
      .map(([plus, parts]) => (plus ? '+' : '') + parts.map(([digit, separator]) => `${digit}${separator}`).join(''));
    const recipient = fc.oneof(
      { weight: 3, arbitrary: written },
      { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom(...'0123456789 +-().x#'), { maxLength: 24 }).map((chars) => chars.join('')) },
    );
    await fc.assert(
      fc.asyncProperty(recipient, fc.constantFrom('sms', 'whatsapp'), async (platformUserId, platform) => {
        // A minute apart: the send-level rate limit (7.2 429) is not what this property is about.
        sim.sandbox.clock.advance('1m');
        const sendsBefore = count();
        const before = await contacts(platform);
        const message = platform === 'sms' ? { message_text: 'fuzz' } : { template_name: 'hello', template_language: 'en' };
        const res = await sim.request({
          method: 'POST',
          path: '/messages',
          key,
          body: { idempotency_key: `fuzz-${++n}`, platform, platform_user_id: platformUserId, ...message },
        });
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.body, platformUserId).toMatchObject({ error: { code: 'invalid_request', param: 'platform_user_id' } });
          expect(count()).toBe(sendsBefore);
          expect(await contacts(platform)).toEqual(before);
          seen.refused++;
          return;
        }
        expect(res.status).toBe(200);
        const digits = platformUserId.replace(/\D/g, '');
        expect(digits.length >= 7 && digits.length <= 15, platformUserId).toBe(true);
        seen.sent++;
      }),
      { numRuns: 150 },
    );
    // The generators reach both sides of the rule.
    expect(seen.sent).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(10);
  });
});
