/**
 * POST /contacts after the write path was made cheaper (docs/decisions.md, "POST /contacts in
 * memory (issue 12, Benchmarks)"): the answer and the contact.updated payload share one
 * representation, bodies zod would accept unchanged skip zod's copy, a create is built as one
 * record, tag adds scan instead of building a Set. Each of those must leave what a client sees
 * exactly as it was; these tests pin the behaviours they could have changed, over both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;

describeRuntimes('POST /contacts: the write path', (api) => {
  const post = (body: unknown) => api().call({ method: 'POST', path: '/contacts', key: api().keys.full, body });
  const updates = () => api().sim.sandbox.events(api().accounts[0]!.id, { type: 'contact.updated' });

  it('answers with the contact its contact.updated event carries, and a later change alters neither', async () => {
    const created = await post({ channel: 'telegram', platform_user_id: 'path-1', name: 'First Name', tags: ['vip'] });
    expect(created.status).toBe(201);
    const [event] = updates().filter((each) => (each.data['contact'] as Json)['id'] === data(created)['id']);
    expect(event!.data).toEqual({ contact: data(created), changed_fields: [], created: true, source: 'api' });

    const renamed = await api().call({ method: 'PATCH', path: `/contacts/${String(data(created)['id'])}`, key: api().keys.full, body: { name: 'Second Name' } });
    expect(data(renamed)['name']).toBe('Second Name');
    // The journal keeps what was emitted: the create's payload still shows the first name.
    expect((event!.data['contact'] as Json)['name']).toBe('First Name');
    const again = api().sim.sandbox.events(api().accounts[0]!.id, { type: 'contact.updated' }).find((each) => each.id === event!.id);
    expect((again!.data['contact'] as Json)['name']).toBe('First Name');
    expect(((again!.data['contact'] as Json)['tags'] as string[])).toEqual(['vip']);
  });

  it('reads a body the compiled check accepts exactly as zod would: "" clears, "" stage is new, tags once each in order', async () => {
    const res = await post({ channel: 'sms', platform_user_id: '+15550000001', name: '', email: null, stage: '', notes: '', tags: ['b', 'a', 'b', 'a'] });
    expect(res.status).toBe(201);
    expect(data(res)).toMatchObject({ name: null, email: null, stage: 'new', notes: null, tags: ['b', 'a'] });
  });

  it('adds more than a handful of tags once each, in the order sent, past the scan limit', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `t${i % 35}`);
    const first = await post({ channel: 'whatsapp', platform_user_id: 'many-tags', tags: names });
    expect(data(first)['tags']).toEqual(Array.from({ length: 35 }, (_, i) => `t${i}`));
    const second = await post({ channel: 'whatsapp', platform_user_id: 'many-tags', tags: ['t3', 'new-one', 't34', 'new-one'] });
    expect(second.status).toBe(200);
    expect(data(second)['tags']).toEqual([...Array.from({ length: 35 }, (_, i) => `t${i}`), 'new-one']);
  });

  it('still refuses through zod, naming the field: unknown keys (__proto__ too), wrong types, bad values', async () => {
    const cases: [string, string][] = [
      ['{"channel":"sms","platform_user_id":"x","colour":"red"}', 'colour'],
      ['{"channel":"sms","platform_user_id":"x","__proto__":{"name":"n"}}', '__proto__'],
      ['{"channel":"sms","platform_user_id":5}', 'platform_user_id'],
      ['{"channel":"fax","platform_user_id":"x"}', 'channel'],
      ['{"channel":"sms","platform_user_id":"x","email":"not-an-address"}', 'email'],
      ['{"channel":"sms","platform_user_id":"x","tags":["ok","   "]}', 'tags.1'],
      ['{"channel":"sms","platform_user_id":""}', 'platform_user_id'],
    ];
    for (const [body, param] of cases) {
      const res = await post(body);
      expect([res.status, error(res).code, error(res).param], body).toEqual([400, 'invalid_param', param]);
    }
    expect(updates()).toEqual([]);
  });

  it('creates a captured lead as before: lead.captured once, with the same contact as the answer', async () => {
    const res = await post({ channel: 'instagram', platform_user_id: 'lead-1', email: 'lead@example.com' });
    const leads = api().sim.sandbox.events(api().accounts[0]!.id, { type: 'lead.captured' });
    expect(leads.map((event) => event.data)).toEqual([{ contact: data(res), captured: ['email'], source: 'api' }]);
  });

  // The name index buffers new contacts (docs/decisions.md, "POST /contacts in memory, third pass"):
  // a query right after the writes must still see every one of them, and none that went away.
  it('finds every contact just created by name=, renamed and deleted ones as they now stand', async () => {
    const names = ['Quill Abernathy', 'quill Baxter', 'Zed Quillon', 'Nobody Else'];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) ids.push(data(await post({ channel: 'telegram', platform_user_id: `buffered-${i}`, name }))['id'] as number);
    const byName = async (query: string) =>
      ((await api().call({ path: `/contacts?name=${encodeURIComponent(query)}`, key: api().keys.read })).body as { data: Json[] }).data.map((c) => c['id']);
    expect(await byName('quill')).toEqual([ids[2], ids[1], ids[0]]);
    await post({ channel: 'telegram', platform_user_id: 'buffered-4', name: 'Quillette' });
    await api().call({ method: 'PATCH', path: `/contacts/${ids[3]!}`, key: api().keys.full, body: { name: 'Now Quill' } });
    await api().call({ method: 'DELETE', path: `/contacts/${ids[0]!}`, key: api().keys.full });
    const after = await byName('qui');
    expect(after).toContain(ids[3]);
    expect(after).not.toContain(ids[0]);
    expect(after).toHaveLength(4);
    expect(await byName('abernathy')).toEqual([]);
  });
});
