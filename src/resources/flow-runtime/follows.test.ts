/**
 * Flows follow what they name (docs/decisions.md, "Flows follow what they name (audit 5)"): a
 * message's `{business_name}` is the account's business name (GET /account), an archived custom
 * field reads as unset in placeholders and rules (as GET /contacts hides it), and a session's
 * `flow_name` is its flow's current name; the validator warns about an ice_breaker question no
 * conversation starter asks. Both runtimes, through the public surface.
 */
import { expect, it } from 'vitest';
import { data, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

const trigger = { id: '1', type: 'trigger', config: {} };

describeRuntimes('flows follow what they name', (api) => {
  const key = () => api().keys.full!;
  const get = (path: string, query: Record<string, string | number> = {}) =>
    api().call({ path, key: key(), query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  const send = (method: 'POST' | 'PATCH', path: string, body: Json) => api().call({ method, path, key: key(), body });
  const publish = async (name: string, definition: Json) => {
    const created = await send('POST', '/flows', { name, definition, channels: ['instagram'] });
    expect(created.status).toBe(201);
    const id = data(created)['id'] as number;
    expect((await send('POST', `/flows/${id}/publish`, {})).status).toBe(200);
    return id;
  };
  const dm = async (text: string, user: string, extra: Json = {}) => {
    const response = await send('POST', '/_sandbox/inbound', { channel: 'instagram', platform_user_id: user, text, ...extra });
    expect(response.status).toBe(200);
    return data(response) as { contact_id: number; conversation: { id: number } };
  };
  const lastLine = async (conversationId: number) => list(await get(`/conversations/${conversationId}/messages`, { limit: 1 }))[0]!;
  /** A flow of one message: `text` sent to whoever DMs `keyword`. */
  const says = (keyword: string, text: string): Json => ({
    trigger: { source: 'dm', keywords: [keyword], match_type: 'contains' },
    nodes: [trigger, { id: '2', type: 'message', config: { text } }],
    edges: [{ from: '1', to: '2' }],
  });

  it('{business_name} is the account’s business name, as GET /account answers it', async () => {
    const account = data(await get('/account'))['account'] as { business_name: string };
    expect(account.business_name).toBe('Atlas Outfitters');
    await publish('Placeholder check', says('phtest', 'B=[{business_name}] N=[{name}] C=[{channel}]'));
    const { conversation } = await dm('phtest', 'ig_ph_1', { name: 'Pat Hill' });
    expect((await lastLine(conversation.id))['text']).toBe('B=[Atlas Outfitters] N=[Pat Hill] C=[instagram]');
  });

  it('the seeded boot fitting flow names the business', async () => {
    const { conversation } = await dm('boot fitting please', 'ig_ph_2');
    expect((await lastLine(conversation.id))['text']).toBe('Our boot fitters can match you in 30 minutes at Atlas Outfitters. Book a free fitting?');
  });

  it('every built-in placeholder of the catalogue renders something for a contact that has every field', async () => {
    const catalogue = data(await get('/flows/nodes'));
    const builtIns = (catalogue['placeholders'] as { placeholder: string }[]).map((entry) => entry.placeholder).filter((name) => !name.includes('<'));
    expect(builtIns).toContain('{business_name}');
    // Labelled without braces (a label in braces would be filled too): `business_name=[{business_name}]`.
    const label = (name: string) => name.slice(1, -1);
    const text = builtIns.map((name) => `${label(name)}=[${name}]`).join(' ');
    await publish('Every placeholder', says('everyph', text));
    const first = await dm('hello', 'ig_ph_3', { name: 'Pat Hill', ig_username: 'pat.hill' });
    expect((await send('PATCH', `/contacts/${first.contact_id}`, { email: 'pat@example.test', phone: '+15550101234' })).status).toBe(200);
    await dm('everyph', 'ig_ph_3');
    const line = (await lastLine(first.conversation.id))['text'] as string;
    for (const name of builtIns) expect(line, name).toMatch(new RegExp(`(^| )${label(name)}=\\[[^\\]]+\\]`));
  });

  it('an archived custom field reads as unset in placeholders and rules; unarchived, its value is back', async () => {
    const field = await send('POST', '/custom-fields', { field_key: 'boot_size', label: 'Boot size', type: 'number' });
    expect(field.status).toBe(201);
    const fieldId = data(field)['id'] as number;
    await publish('Field check', {
      trigger: { source: 'dm', keywords: ['sizecheck'], match_type: 'contains' },
      nodes: [
        trigger,
        { id: '2', type: 'condition', config: { rules: [{ type: 'field_is_set', field_key: 'boot_size' }] } },
        { id: '3', type: 'message', config: { text: 'SET size=[{custom_fields.boot_size}]' } },
        { id: '4', type: 'condition', config: { rules: [{ type: 'field_equals', field_key: 'boot_size', value: 42 }] } },
        { id: '5', type: 'message', config: { text: 'EQUALS' } },
        { id: '6', type: 'message', config: { text: 'UNSET size=[{custom_fields.boot_size}]' } },
      ],
      edges: [
        { from: '1', to: '2' },
        { from: '2', to: '3', from_port: 'output_1' },
        { from: '2', to: '4', from_port: 'output_else' },
        { from: '4', to: '5', from_port: 'output_1' },
        { from: '4', to: '6', from_port: 'output_else' },
      ],
    });
    const first = await dm('hi', 'ig_ph_4');
    expect((await send('PATCH', `/contacts/${first.contact_id}`, { custom_fields: { boot_size: 42 } })).status).toBe(200);
    const run = async () => {
      await dm('sizecheck', 'ig_ph_4');
      return (await lastLine(first.conversation.id))['text'];
    };

    expect(await run()).toBe('SET size=[42]');
    expect((await send('PATCH', `/custom-fields/${fieldId}`, { archived: true })).status).toBe(200);
    expect(data(await get(`/contacts/${first.contact_id}`))['custom_fields']).toEqual({});
    // Neither field_is_set nor field_equals sees the hidden value, and the placeholder is empty.
    expect(await run()).toBe('UNSET size=[]');
    expect((await send('PATCH', `/custom-fields/${fieldId}`, { archived: false })).status).toBe(200);
    expect(await run()).toBe('SET size=[42]');
  });

  it('one answer that fills the email, tags and marks the lead is one contact.updated (source inbound) and one lead.captured', async () => {
    expect((await send('POST', '/tags', { name: 'flow-lead' })).status).toBe(201);
    await publish('Lead events', {
      trigger: { source: 'dm', keywords: ['leadme'], match_type: 'contains' },
      nodes: [
        trigger,
        { id: '2', type: 'collect_input', config: { question: 'Your email?', input_type: 'email', variable_name: 'email' } },
        { id: '3', type: 'action', config: { action_type: 'tag_conversation', tag_value: 'flow-lead' } },
        { id: '4', type: 'action', config: { action_type: 'mark_lead' } },
        { id: '5', type: 'message', config: { text: 'Thanks!' } },
      ],
      edges: [
        { from: '1', to: '2' },
        { from: '2', to: '3' },
        { from: '3', to: '4' },
        { from: '4', to: '5' },
      ],
    });
    const first = await dm('leadme', 'ig_ph_6');
    const journal = async (after?: string) => list(await api().call({ path: '/_sandbox/events', key: key(), query: { limit: '1000', ...(after ? { after } : {}) } }));
    const before = (await journal()).at(-1)!['id'] as string;
    await dm('pat@example.test', 'ig_ph_6');
    const fired = (await journal(before)).filter((event) => event['type'] !== 'message.received');
    expect(fired.map((event) => event['type'])).toEqual(['contact.updated', 'lead.captured']);
    const updated = fired[0]!['data'] as { contact: Json; changed_fields: string[]; created: boolean; source: string };
    expect(updated).toMatchObject({ created: false, source: 'inbound', contact: { id: first.contact_id, email: 'pat@example.test', stage: 'qualified' } });
    expect([...updated.changed_fields].sort()).toEqual(['email', 'stage', 'tags']);
    expect(fired[1]!['data']).toMatchObject({ captured: ['email'], source: 'inbound' });
  });

  it('POST /flows/validate warns unknown_starter for an ice_breaker question no conversation starter asks, and follows the AI config', async () => {
    const iceBreaker = (question: string): Json => ({ definition: { ...says('unused', 'Hello'), trigger: { source: 'ice_breaker', question } }, channels: ['instagram'] });
    const warningsOf = async (question: string) => {
      const checked = await send('POST', '/flows/validate', iceBreaker(question));
      expect(checked.status).toBe(200);
      expect(data(checked)['valid']).toBe(true);
      return data(checked)['warnings'] as Json[];
    };
    // A seeded Instagram starter of the first account, compared as the runtime matches a tap (case and spaces aside).
    expect(await warningsOf('What are your opening hours?')).toEqual([]);
    expect(await warningsOf(' what are your  OPENING hours?')).toEqual([]);
    expect(await warningsOf('Is parking free?')).toEqual([expect.objectContaining({ code: 'unknown_starter', path: 'definition.trigger.question', node_id: '1', key: 'question' })]);
    const patched = await api().call({ method: 'PATCH', path: '/ai/config', key: api().keys.admin!, body: { starters: { instagram: { questions: ['Is parking free?'] } } } });
    expect(patched.status).toBe(200);
    expect(await warningsOf('Is parking free?')).toEqual([]);
    expect((await warningsOf('What are your opening hours?')).map((warning) => warning['code'])).toEqual(['unknown_starter']);
  });

  it('a session’s flow_name is the flow’s current name, in every read of it', async () => {
    const flowId = await publish('Before rename', {
      trigger: { source: 'dm', keywords: ['renamecheck'], match_type: 'contains' },
      nodes: [trigger, { id: '2', type: 'message', config: { text: 'Pick one', buttons: [{ type: 'postback', title: 'Yes' }, { type: 'postback', title: 'No' }] } }],
      edges: [{ from: '1', to: '2' }],
    });
    await dm('renamecheck', 'ig_ph_5');
    const [session] = list(await get('/flow-sessions', { flow_id: flowId }));
    expect(session).toMatchObject({ flow_id: flowId, flow_name: 'Before rename', status: 'waiting_input' });
    expect((await send('PATCH', `/flows/${flowId}`, { name: 'After rename' })).status).toBe(200);

    expect(data(await get(`/flow-sessions/${session!['id']}`))['flow_name']).toBe('After rename');
    expect(list(await get('/flow-sessions', { flow_id: flowId }))[0]!['flow_name']).toBe('After rename');
    expect(list(await get('/flow-sessions'))[0]!['flow_name']).toBe('After rename');
    // The sandbox's answer to a tap presents the session too.
    const tapped = await api().call({ method: 'POST', path: `/_sandbox/flow-sessions/${session!['id']}/tap`, key: key(), body: { button: 1 } });
    expect(tapped.status).toBe(200);
    expect(data(tapped)['flow_name']).toBe('After rename');
  });

  it('a state saved when sessions stored their flow’s name restores, and shows the current name', async () => {
    const snapshot = api().sim.sandbox.snapshot();
    const stored = snapshot.store.collections['flow_sessions'] as unknown as (Json & { flow_id: number })[];
    const seeded = stored[0]!;
    expect(seeded).not.toHaveProperty('flow_name');
    // As a state file written before this change holds it: the name at the session's start.
    stored[0] = { ...seeded, flow_name: 'An old name' };
    api().sim.sandbox.restore(snapshot);
    const flowName = data(await get(`/flows/${seeded.flow_id}`))['name'];
    expect(data(await get(`/flow-sessions/${seeded['id'] as number}`))['flow_name']).toBe(flowName);
  });
});
