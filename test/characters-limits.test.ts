/**
 * Characters are code points (audit 9b P1, P4; section 8, 4.15; docs/decisions.md "Characters are
 * code points, everywhere"): a limit holds that many emoji, one more is refused naming the field,
 * and text the server shortens itself keeps whole characters (never half a surrogate pair).
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

type Json = Record<string, unknown>;
const E = '😀';
const data = <T = Json>(res: { body: unknown }): T => (res.body as { data: T }).data;
const errorOf = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;
/** A lone surrogate anywhere: JSON can carry one (`\ud83d`), a strict decoder cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describeRuntimes('characters are code points', (api) => {
  const call = (method: string, path: string, body?: unknown, key = api().keys.full) => api().call({ method, path, key, body });

  async function expectRefused(res: { status: number; body: unknown }, param: string): Promise<void> {
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'invalid_param', param });
  }

  it('a caption holds 2,200 emoji on POST and PATCH, on every platform; 2,201 is 400 naming caption', async () => {
    for (const platform of ['facebook', 'instagram', 'tiktok', 'all']) {
      const post_type = 'feed_post';
      const created = await call('POST', '/posts', { platform, post_type, caption: E.repeat(2200) });
      expect(created.status, platform).toBe(201);
      expect(data<{ caption: string }>(created).caption).toBe(E.repeat(2200));
      await expectRefused(await call('POST', '/posts', { platform, post_type, caption: E.repeat(2201) }), 'caption');
      const id = data<{ id: number }>(created).id;
      await expectRefused(await call('PATCH', `/posts/${id}`, { caption: `${E.repeat(2200)}a` }), 'caption');
      expect((await call('PATCH', `/posts/${id}`, { caption: `${E.repeat(2199)}a` })).status, platform).toBe(200);
    }
  });

  it('a text custom field value holds 500 emoji on PATCH and POST /contacts; 501 is 400 naming custom_fields.<key>', async () => {
    const field = await call('POST', '/custom-fields', { field_key: 'motto', label: 'Motto', type: 'text' });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    const created = await call('POST', '/contacts', { channel: 'sms', platform_user_id: '+15550107001', custom_fields: { motto: E.repeat(500) } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const contact = data<{ id: number; custom_fields: Json }>(created);
    expect(contact.custom_fields['motto'], JSON.stringify(contact).slice(0, 300)).toBe(E.repeat(500));
    await expectRefused(await call('POST', '/contacts', { channel: 'sms', platform_user_id: '+15550107002', custom_fields: { motto: E.repeat(501) } }), 'custom_fields.motto');
    expect((await call('PATCH', `/contacts/${contact.id}`, { custom_fields: { motto: `${E.repeat(499)}é` } })).status).toBe(200);
    await expectRefused(await call('PATCH', `/contacts/${contact.id}`, { custom_fields: { motto: `${E.repeat(500)}a` } }), 'custom_fields.motto');
  });

  it('the TikTok title defaulted from the caption is its first 150 characters, whole', async () => {
    const titleOf = async (caption: string) => {
      const res = await call('POST', '/posts', { platform: 'tiktok', post_type: 'feed_post', caption });
      expect(res.status).toBe(201);
      return data<{ tiktok: { title: string } }>(res).tiktok.title;
    };
    expect(await titleOf(E.repeat(200))).toBe(E.repeat(150));
    const mixed = await titleOf(`${'a'.repeat(149)}${E.repeat(5)}`);
    expect(mixed).toBe(`${'a'.repeat(149)}${E}`);
    expect(mixed).not.toMatch(LONE_SURROGATE);
    expect(await titleOf(E.repeat(150))).toBe(E.repeat(150));
  });

  async function duplicatedName(path: string, id: number): Promise<string> {
    expect((await call('PATCH', `${path}/${id}`, { name: E.repeat(100) })).status).toBe(200);
    const copy = await call('POST', `${path}/${id}/duplicate`, {});
    expect(copy.status).toBe(201);
    return data<{ name: string }>(copy).name;
  }

  it('a duplicated flow of a 100-emoji name is 93 emoji + " (copy)": 100 characters, no lone surrogate', async () => {
    const flows = data<{ id: number }[]>(await call('GET', '/flows'));
    const name = await duplicatedName('/flows', flows[0]!.id);
    expect(name).toBe(`${E.repeat(93)} (copy)`);
    expect(name).not.toMatch(LONE_SURROGATE);
  });

  it('a duplicated comment trigger of a 100-emoji name is 93 emoji + " (copy)"', async () => {
    const triggers = data<{ id: number }[]>(await call('GET', '/comment-triggers'));
    const name = await duplicatedName('/comment-triggers', triggers[0]!.id);
    expect(name).toBe(`${E.repeat(93)} (copy)`);
    expect(name).not.toMatch(LONE_SURROGATE);
  });

  it('a flow keeps a text answer to its first 500 characters and a line to its first 4,096, whole', async () => {
    expect((await call('POST', '/custom-fields', { field_key: 'motto', label: 'Motto', type: 'text' })).status).toBe(201);
    const definition = {
      trigger: { source: 'dm', keywords: ['motto'], match_type: 'exact' },
      nodes: [
        { id: '1', type: 'trigger', config: {} },
        { id: '2', type: 'collect_input', config: { question: 'Your motto?', input_type: 'text', variable_name: 'answer', save_to_field: 'motto' } },
        { id: '3', type: 'message', config: { text: '{answer}'.repeat(9) } },
      ],
      edges: [
        { from: '1', to: '2' },
        { from: '2', to: '3' },
      ],
    };
    const flow = await call('POST', '/flows', { name: 'Motto', definition });
    expect(flow.status, JSON.stringify(flow.body)).toBe(201);
    expect((await call('POST', `/flows/${data<{ id: number }>(flow).id}/publish`, {})).status).toBe(200);
    const say = (text: string) =>
      api().call({ method: 'POST', path: '/_sandbox/inbound', key: api().keys.admin, body: { channel: 'instagram', platform_user_id: 'ig_motto', name: 'Mo', text } });
    const first = await say('motto');
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    const answer = await say(E.repeat(600));
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    const { contact_id, conversation } = data<{ contact_id: number; conversation: { id: number } }>(answer);
    const contact = data<{ custom_fields: Json }>(await call('GET', `/contacts/${contact_id}`));
    expect(contact.custom_fields['motto'], JSON.stringify(contact).slice(0, 300)).toBe(E.repeat(500));
    const thread = await call('GET', `/conversations/${conversation.id}/messages`);
    expect(thread.status, JSON.stringify(thread.body).slice(0, 300)).toBe(200);
    const lines = data<{ text: string; sender_type: string }[]>(thread);
    const echo = lines.find((line) => line.text.startsWith(E.repeat(500)));
    expect(echo?.text, JSON.stringify(lines.map((l) => [l.sender_type, l.text.length, l.text.slice(0, 40)]))).toBe(E.repeat(4096));
  });
});
