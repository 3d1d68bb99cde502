/** Per-channel AI switches (2.18, 4.11) over the one channel connection state of the sandbox. */
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;

function setup() {
  const t = testSimulator();
  const { sim, keys } = t;
  const list = async (key = keys.read) => data(await sim.request({ path: '/ai/channels', key }));
  const patch = (channel: string, body: unknown, key = keys.admin) => sim.request({ method: 'PATCH', path: `/ai/channels/${channel}`, key, body });
  return { ...t, list, patch };
}

describe('GET /ai/channels', () => {
  it('answers meta, sms, whatsapp and telegram; meta carries the connected accounts', async () => {
    const { list } = setup();
    const channels = await list();
    expect(Object.keys(channels)).toEqual(['meta', 'sms', 'whatsapp', 'telegram']);
    expect(channels['meta']).toEqual({
      label: 'Facebook & Instagram',
      connected: true,
      ai_enabled: true,
      automation_enabled: true,
      accounts: { facebook_page_id: '100000000000001', instagram_id: '17841400000000001' },
    });
    expect(channels['sms']).toEqual({ label: 'SMS', connected: true, ai_enabled: true, automation_enabled: true });
  });

  it('reads the sandbox connection state: meta is connected while Facebook or Instagram is', async () => {
    const { list, sim, accounts } = setup();
    const id = accounts[0]!.id;
    sim.sandbox.setChannel(id, 'facebook', { connected: false });
    expect(await list()).toMatchObject({ meta: { connected: true, accounts: { facebook_page_id: null, instagram_id: '17841400000000001' } } });
    sim.sandbox.setChannel(id, 'instagram', { connected: false });
    sim.sandbox.setChannel(id, 'telegram', { connected: false });
    expect(await list()).toMatchObject({ meta: { connected: false, accounts: { facebook_page_id: null, instagram_id: null } }, telegram: { connected: false } });
    sim.sandbox.setChannel(id, 'facebook', { connected: true, platform_id: '55501' });
    expect(await list()).toMatchObject({ meta: { connected: true, accounts: { facebook_page_id: '55501' } } });
  });

  it('shows the seeded states of other plans', async () => {
    const { list, accounts } = setup();
    expect(await list(accounts[3]!.keys.read)).toMatchObject({ whatsapp: { connected: false, ai_enabled: false }, telegram: { connected: false } });
    expect(await list(accounts[2]!.keys.read)).toMatchObject({ sms: { ai_enabled: false }, telegram: { automation_enabled: false } });
  });
});

describe('PATCH /ai/channels/{channel}', () => {
  it('addresses meta as facebook or instagram; the answer adds channel', async () => {
    const { patch, list } = setup();
    for (const alias of ['facebook', 'instagram', 'meta']) {
      const res = await patch(alias, { automation_enabled: false });
      expect(res.status).toBe(200);
      expect(data(res)).toMatchObject({ channel: 'meta', label: 'Facebook & Instagram', automation_enabled: false, accounts: expect.any(Object) });
    }
    expect((await list())['meta']).toMatchObject({ automation_enabled: false, ai_enabled: true });
    expect(data(await patch('telegram', { ai_enabled: false }))).toEqual({
      channel: 'telegram',
      label: 'Telegram',
      connected: true,
      ai_enabled: false,
      automation_enabled: true,
    });
  });

  it('never fails to turn off, even on a disconnected channel; turning on needs the connection', async () => {
    const { patch, sim, accounts } = setup();
    sim.sandbox.setChannel(accounts[0]!.id, 'whatsapp', { connected: false });
    expect((await patch('whatsapp', { ai_enabled: false, automation_enabled: false })).status).toBe(200);
    const refused = await patch('whatsapp', { ai_enabled: true });
    expect(refused.status).toBe(409);
    expect(error(refused)).toMatchObject({ code: 'not_connected', param: 'ai_enabled' });
    expect(error(await patch('whatsapp', { automation_enabled: true }))).toMatchObject({ code: 'not_connected' });
  });

  it('refuses SMS AI until a messaging service is assigned (409 sms_not_ready)', async () => {
    const { patch, sim, accounts } = setup();
    const creator = accounts[2]!;
    const res = await patch('sms', { ai_enabled: true, automation_enabled: false }, creator.keys.admin);
    expect(res.status).toBe(409);
    expect(error(res).code).toBe('sms_not_ready');
    // Nothing of a refused PATCH applies.
    expect(data(await sim.request({ path: '/ai/channels', key: creator.keys.read }))['sms']).toMatchObject({ automation_enabled: true });
    sim.sandbox.setChannel(creator.id, 'sms', { messaging_service_sid: 'MG123' });
    expect(data(await patch('sms', { ai_enabled: true }, creator.keys.admin))).toMatchObject({ channel: 'sms', ai_enabled: true });
    expect((await patch('sms', { automation_enabled: true }, creator.keys.admin)).status).toBe(200);
  });

  it('refuses SMS AI while inbound body purge is on (409 purge_active)', async () => {
    const { patch, sim, accounts } = setup();
    const pro = accounts[1]!;
    expect(error(await patch('sms', { ai_enabled: true }, pro.keys.admin))).toMatchObject({ code: 'purge_active' });
    expect((await patch('sms', { ai_enabled: false }, pro.keys.admin)).status).toBe(200);
    sim.sandbox.setChannel(pro.id, 'sms', { inbound_body_purge: false });
    expect((await patch('sms', { ai_enabled: true }, pro.keys.admin)).status).toBe(200);
  });

  it('names a sandbox SMS-only field sent for another channel', async () => {
    const { sim, keys } = setup();
    const res = await sim.request({ method: 'POST', path: '/_sandbox/channels/whatsapp', key: keys.admin, body: { inbound_body_purge: true } });
    expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'inbound_body_purge' });
  });

  it('validates the channel, the body and the scope', async () => {
    const { patch, keys } = setup();
    expect((await patch('email', { ai_enabled: true })).status).toBe(404);
    expect(error(await patch('sms', { ai_enabled: 'yes' }))).toMatchObject({ code: 'invalid_param', param: 'ai_enabled' });
    expect(error(await patch('sms', { label: 'x' }))).toMatchObject({ code: 'invalid_param', param: 'label' });
    expect(error(await patch('sms', { ai_enabled: false }, keys.write))).toMatchObject({ code: 'insufficient_scope' });
    expect((await patch('sms', {})).status).toBe(200);
  });
});
