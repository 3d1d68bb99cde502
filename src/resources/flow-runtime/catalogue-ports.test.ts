/**
 * Every port GET /flows/nodes describes for `http_request` and `ai_reply` is reached by the
 * stimulus its description names (audit 7a, L9), and `http_request.url` follows the webhook URL
 * rule at validate and create (L5). docs/decisions.md, "What the catalogue promises". Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, errorOf, list, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes, type RuntimeApi } from '../../../test/support/runtimes.js';

const trigger = { id: '1', type: 'trigger', config: {} };
let serial = 0;
const keyword = (stem: string) => `${stem}${(serial++).toString(36)}x`;

/** trigger -> node `n` -> output_1 "one [{var}]" / output_2 "two [{var}]". */
const twoWays = (word: string, node: Json, variable: string) => ({
  trigger: { source: 'dm', keywords: [word], match_type: 'exact' },
  nodes: [trigger, { id: 'n', ...node }, { id: 'a', type: 'message', config: { text: `one [{${variable}}]` } }, { id: 'b', type: 'message', config: { text: `two [{${variable}}]` } }],
  edges: [
    { from: '1', to: 'n' },
    { from: 'n', from_port: 'output_1', to: 'a' },
    { from: 'n', from_port: 'output_2', to: 'b' },
  ],
});

describeRuntimes('what the catalogue promises of http_request and ai_reply', (api) => {
  const key = () => api().keys.full!;
  const get = (path: string, query: Record<string, string> = {}) => api().call({ path, key: key(), query });
  const post = (path: string, body: Json) => api().call({ method: 'POST', path, key: key(), body });
  const publish = async (definition: Json) => {
    const created = await post('/flows', { name: `Ports ${serial++}`, definition, channels: ['instagram'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = data(created)['id'] as number;
    expect((await post(`/flows/${id}/publish`, {})).status).toBe(200);
    return id;
  };
  const dm = async (user: string, text: string) => {
    const response = await post('/_sandbox/inbound', { channel: 'instagram', platform_user_id: user, text });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return data(response) as { contact_id: number; conversation: { id: number } };
  };
  const lastBotLine = async (conversationId: number) =>
    list(await get(`/conversations/${conversationId}/messages`, { limit: '100' })).find((message) => message['sender_type'] === 'bot')?.['text'];
  const sessionOf = async (flowId: number) => list(await get('/flow-sessions', { flow_id: String(flowId) }))[0]!;
  const exitsOf = async (sessionId: unknown, node = 'n') =>
    list(await get(`/flow-sessions/${String(sessionId)}/events`)).filter((event) => event['type'] === 'node_exited' && event['node_key'] === node).map((event) => event['output_port']);

  // ---- http_request ------------------------------------------------------------------------

  const http = (url: string) => ({ type: 'http_request', config: { method: 'POST', url, body: '{"u":"{first_name}"}', save_response_to: 'resp' } });

  it.each([
    ['https://hooks.example.invalid/lead?u={first_name}', 'output_2', 'two []'],
    ['https://crm.acme.test/lead', 'output_2', 'two []'],
    ['https://crm.acme.example/lead', 'output_2', 'two []'],
    ['https://hooks.example.com/lead', 'output_2', 'two []'],
    ['https://hooks.acme-crm.io/lead?u={first_name}', 'output_1', 'one []'],
    ['http://hooks.acme-crm.io/lead', 'output_1', 'one []'],
  ])('http_request to %s leaves by %s, without resolving or calling', async (url, port, line) => {
    const word = keyword('http');
    const flowId = await publish(twoWays(word, http(url), 'resp'));
    const arrived = await dm(`http_${word}`, word);
    const session = await sessionOf(flowId);
    expect(session['status']).toBe('completed');
    expect(await exitsOf(session['id'])).toEqual([port]);
    expect(await lastBotLine(arrived.conversation.id)).toBe(line);
  });

  it('http_request output_1 keeps the empty body in save_response_to; output_2 leaves it unset', async () => {
    const word = keyword('httpset');
    const check = { id: 'c', type: 'condition', config: { rules: [{ type: 'variable_is_set', variable: 'resp' }] } };
    const definition = (url: string) => ({
      trigger: { source: 'dm', keywords: [word], match_type: 'exact' },
      nodes: [trigger, { id: 'n', ...http(url) }, check, { id: 's', type: 'message', config: { text: 'body kept' } }, { id: 'u', type: 'message', config: { text: 'no body' } }],
      edges: [
        { from: '1', to: 'n' },
        { from: 'n', from_port: 'output_1', to: 'c' },
        { from: 'n', from_port: 'output_2', to: 'c' },
        { from: 'c', from_port: 'output_1', to: 's' },
        { from: 'c', from_port: 'output_else', to: 'u' },
      ],
    });
    const ok = await publish(definition('https://hooks.acme-crm.io/x'));
    expect(await lastBotLine((await dm(`set_${word}`, word)).conversation.id)).toBe('body kept');
    expect((await post(`/flows/${ok}/pause`, {})).status).toBe(200);
    await publish(definition('https://hooks.acme.invalid/x'));
    const failed = await dm(`unset_${word}`, word);
    expect(await lastBotLine(failed.conversation.id)).toBe('no body');
  });

  it('a placeholder in the host is judged once filled: a loopback or reserved answer leaves by output_2, a public one by output_1', async () => {
    const word = keyword('httphost');
    const flowId = await publish({
      trigger: { source: 'dm', keywords: [word], match_type: 'exact' },
      nodes: [
        trigger,
        { id: 'q', type: 'collect_input', config: { question: 'Which host?', input_type: 'text', variable_name: 'host' } },
        { id: 'n', ...http('https://{host}/hook') },
        { id: 'a', type: 'message', config: { text: 'one' } },
        { id: 'b', type: 'message', config: { text: 'two' } },
      ],
      edges: [
        { from: '1', to: 'q' },
        { from: 'q', to: 'n' },
        { from: 'n', from_port: 'output_1', to: 'a' },
        { from: 'n', from_port: 'output_2', to: 'b' },
      ],
    });
    const cases: [string, string][] = [
      ['127.0.0.1:8080', 'two'],
      ['169.254.169.254', 'two'],
      ['user:pw@hooks.acme-crm.io', 'two'],
      ['api.localhost', 'two'],
      ['hooks.acme-crm.io', 'one'],
    ];
    for (const [index, [host, line]] of cases.entries()) {
      const user = `host_${word}_${index}`;
      await dm(user, word);
      const arrived = await dm(user, host);
      expect(await lastBotLine(arrived.conversation.id), host).toBe(line);
    }
    expect(list(await get('/flow-sessions', { flow_id: String(flowId) })).every((session) => session['status'] === 'completed')).toBe(true);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', {}, 'url', /public host/],
    ['http://127.0.0.1:1/x', {}, 'url', /public host/],
    ['https://10.1.2.3/x', {}, 'url', /public host/],
    ['https://[::1]/x', {}, 'url', /public host/],
    ['https://user:pw@a.acme-crm.io/x', {}, 'url', /credentials/],
    ['https://metadata/x', {}, 'url', /fully qualified/],
    ['https://intranet.corp/x', {}, 'url', /internal/],
    ['https://hooks.acme-crm.io/x#frag', {}, 'url', /fragment/],
    ['https://hooks.acme-crm.io/x', { Host: 'evil.example' }, 'headers.Host', /must not set Host/],
    ['https://hooks.acme-crm.io/x', { 'transfer-encoding': 'chunked' }, 'headers.transfer-encoding', /must not set/],
  ])('validate and create refuse http_request.url %s (headers %o), naming the node and the key', async (url, headers, wantedKey, message) => {
    const definition = {
      trigger: { source: 'dm', keywords: [keyword('ssrf')] },
      nodes: [trigger, { id: 'h', type: 'http_request', config: { method: 'GET', url, headers } }],
      edges: [{ from: '1', to: 'h' }],
    };
    const validated = await post('/flows/validate', { definition, channels: ['instagram'] });
    expect(validated.status).toBe(200);
    expect(data(validated)['valid']).toBe(false);
    const issue = (data(validated)['errors'] as Json[]).find((error) => error['key'] === wantedKey);
    expect(issue, JSON.stringify(data(validated)['errors'])).toMatchObject({ code: 'invalid_config', node_id: 'h', key: wantedKey });
    expect(issue!['message']).toMatch(message);
    const created = await post('/flows', { name: `SSRF ${serial++}`, definition, channels: ['instagram'] });
    expect(created.status).toBe(422);
    expect(errorOf(created).code).toBe('invalid_definition');
  });

  it('state saved before the URL rule still restores: its request leaves by output_2, and activating it again is refused until fixed', async () => {
    const word = keyword('oldstate');
    const flowId = await publish(twoWays(word, http('https://hooks.acme-crm.io/x'), 'resp'));
    // A state saved before the rule existed: restores read a stored definition by its shape.
    const state = JSON.parse(JSON.stringify(api().sim.snapshot())) as { store: { collections: Record<string, Json[]> } };
    const version = state.store.collections['flow_versions']!.find((record) => record['flow_id'] === flowId)!;
    ((version['definition'] as { nodes: { config: Json }[] }).nodes[1]!.config)['url'] = 'http://169.254.169.254/latest/meta-data/';
    api().sim.restore(state as unknown as Parameters<RuntimeApi['sim']['restore']>[0]);
    const arrived = await dm(`old_${word}`, word);
    expect(await lastBotLine(arrived.conversation.id)).toBe('two []');
    expect((await post(`/flows/${flowId}/pause`, {})).status).toBe(200);
    const again = await post(`/flows/${flowId}/activate`, {});
    expect(again.status).toBe(422);
    expect(errorOf(again)).toMatchObject({ code: 'invalid_definition', errors: [expect.objectContaining({ code: 'invalid_config', node_id: 'n', key: 'url' })] });
  });

  it('validate accepts http and https to public hosts, reserved names, and placeholders in the host', async () => {
    for (const url of ['http://hooks.acme-crm.io/x?u={first_name}', 'https://1.1.1.1/x', 'https://hooks.example.invalid/x', 'https://{custom_fields.shop}/x']) {
      const definition = {
        trigger: { source: 'dm', keywords: [keyword('okurl')] },
        nodes: [trigger, { id: 'h', type: 'http_request', config: { method: 'GET', url, headers: { 'X-Api-Key': 'k' } } }],
        edges: [{ from: '1', to: 'h' }],
      };
      const validated = await post('/flows/validate', { definition, channels: ['instagram'] });
      expect(data(validated)['errors'], url).toEqual([]);
    }
  });

  // ---- ai_reply ----------------------------------------------------------------------------

  const ai = (goal: string, maxTurns = 3) => ({ type: 'ai_reply', config: { goal, instructions: 'Help them, {first_name}.', max_turns: maxTurns, save_summary_to: 'summ' } });
  /** Starts an ai_reply flow for a new person and sends `messages` after the keyword. */
  const converse = async (goal: string, messages: readonly string[], maxTurns = 3, contact: Json = {}) => {
    const word = keyword('ai');
    const flowId = await publish(twoWays(word, ai(goal, maxTurns), 'summ'));
    const user = `ai_${word}`;
    let arrived = await dm(user, word);
    if (Object.keys(contact).length > 0) expect((await api().call({ method: 'PATCH', path: `/contacts/${arrived.contact_id}`, key: key(), body: contact })).status).toBe(200);
    for (const text of messages) arrived = await dm(user, text);
    const session = await sessionOf(flowId);
    const outcomes = (data(await get(`/flows/${flowId}/analytics`))['outcomes'] as Json[]).filter((outcome) => (outcome['count'] as number) > 0).map((outcome) => outcome['key']);
    return { session, arrived, outcomes, exits: await exitsOf(session['id']), line: await lastBotLine(arrived.conversation.id) };
  };

  it.each([
    'can I talk to a human please',
    'AGENT!',
    'I want a real person',
    'let me speak to someone',
    'customer service?',
  ])('ai_reply leaves by output_2 when the person asks for a human: %s', async (text) => {
    const { session, exits, line } = await converse('capture_leads', [text]);
    expect(session['status']).toBe('completed');
    expect(exits).toEqual(['output_2']);
    expect(line).toBe('two [capture leads, 1 turn: the person asked for a human.]');
  });

  it('a request for a human wins over a datum in the same message', async () => {
    const { exits, arrived } = await converse('capture_leads', ['agent please, ann@mail.acme.io']);
    expect(exits).toEqual(['output_2']);
    expect(data(await get(`/contacts/${arrived.contact_id}`))['email']).toBeNull();
  });

  it('capture_leads: an email reaches the goal (output_1), saved to the contact as collect_input would; the summary says so', async () => {
    const { session, exits, arrived, line, outcomes } = await converse('capture_leads', ['what do you sell?', 'sure, it is Ann@Mail.Acme.io.']);
    expect(exits).toEqual(['output_1']);
    expect(session['status']).toBe('completed');
    expect(line).toBe('one [capture leads, 2 turns: goal reached, email ann@mail.acme.io captured.]');
    expect(data(await get(`/contacts/${arrived.contact_id}`))['email']).toBe('ann@mail.acme.io');
    expect(outcomes).toEqual(['emails_collected']);
    // The first message neither asked for a human nor gave the datum: the canned reply went out.
    const texts = list(await get(`/conversations/${arrived.conversation.id}/messages`, { limit: '100' })).map((message) => message['text']);
    expect(texts).toContain('Thanks! (AI step: capture leads)');
  });

  it('capture_leads: a phone number reaches the goal too', async () => {
    const { exits, arrived, outcomes } = await converse('capture_leads', ['call me on +44 20 7946 0958']);
    expect(exits).toEqual(['output_1']);
    expect(outcomes).toEqual(['phones_collected']);
    expect(data(await get(`/contacts/${arrived.contact_id}`))['phone']).toBe('+442079460958');
  });

  it('qualify_prospects: a stated budget reaches the goal and marks the contact a lead', async () => {
    const { exits, arrived, line, outcomes } = await converse('qualify_prospects', ['our budget is about $2,000']);
    expect(outcomes).toEqual(['leads_marked']);
    expect(exits).toEqual(['output_1']);
    expect(line).toBe('one [qualify prospects, 1 turn: goal reached, budget $2,000 stated.]');
    expect(data(await get(`/contacts/${arrived.contact_id}`))['stage']).toBe('qualified');
  });

  it('answer_questions: the person saying they are served reaches the goal', async () => {
    const { exits, line } = await converse('answer_questions', ['do you open on sundays?', "got it, that's all"]);
    expect(exits).toEqual(['output_1']);
    expect(line).toBe('one [answer questions, 2 turns: goal reached, the person was served.]');
  });

  it('book_appointments: a slot the calendar accepts books it (output_1); a refused slot is a turn like any other', async () => {
    // The account's bookings need an email and a phone: the contact has them.
    const { exits, arrived, line, outcomes } = await converse('book_appointments', ['1999-01-01 10:00', '2026-12-02 10:00'], 3, { email: 'bo@mail.acme.io', phone: '+15550102030' });
    expect(exits).toEqual(['output_1']);
    expect(outcomes).toEqual(['appointments_booked']);
    expect(line).toBe('one [book appointments, 2 turns: goal reached, appointment booked for 2026-12-02 10:00.]');
    const booked = list(await get('/appointments', { limit: '100' })).filter((row) => row['conversation_id'] === arrived.conversation.id);
    expect(booked).toHaveLength(1);
  });

  it('max_turns messages without the goal: a canned reply each, then output_2 with a summary', async () => {
    const { exits, arrived, line, session } = await converse('capture_leads', ['hi', 'what?', 'hmm'], 3);
    expect(exits).toEqual(['output_2']);
    expect(session['status']).toBe('completed');
    expect(line).toBe('two [capture leads, 3 turns: goal not reached.]');
    const canned = list(await get(`/conversations/${arrived.conversation.id}/messages`, { limit: '100' })).filter((message) => message['text'] === 'Thanks! (AI step: capture leads)');
    expect(canned).toHaveLength(3);
  });

  it('GET /flows/nodes describes these sandbox rules on the ports themselves', async () => {
    const nodes = data(await get('/flows/nodes'))['nodes'] as { type: string; outputs: { port: string; description: string }[] }[];
    const ports = (type: string) => Object.fromEntries(nodes.find((node) => node.type === type)!.outputs.map((port) => [port.port, port.description]));
    expect(ports('http_request')['output_2']).toMatch(/\.invalid.*webhook URL rule/);
    expect(ports('ai_reply')['output_1']).toMatch(/capture_leads.*book_appointments.*qualify_prospects.*answer_questions/);
    expect(ports('ai_reply')['output_2']).toMatch(/asking for a human/);
  });
});
