/**
 * The README's flow-runtime walkthrough ("Flow runtime: a DM runs the flow"), step by step with the
 * answers it shows: publish the README's flow.json, a DM with its keyword, the bot's question in
 * the transcript, the session waiting, the answer stored, the events, the analytics.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { silentLogger } from '../../core/logger.js';
import { createSimulator } from '../../simulator.js';

const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
type Json = Record<string, unknown>;
const dataOf = (response: { body: unknown }) => (response.body as { data: Json }).data;
const listOf = (response: { body: unknown }) => (response.body as { data: Json[] }).data;

it('runs the README walkthrough with the answers it shows', async () => {
  const definition = JSON.parse(/cat > flow\.json <<'JSON'\n([\s\S]*?)\nJSON\n/.exec(readme)![1]!) as unknown;
  const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
  const key = sim.accounts[0]!.keys.full!;
  const flow = dataOf(await sim.request({ method: 'POST', path: '/flows', key, body: { name: 'Demo lead capture', definition } }));
  await sim.request({ method: 'POST', path: `/flows/${flow['id']}/publish`, key, body: {} });
  const section = readme.split('## Flow runtime: a DM runs the flow')[1]!.split('\n## ')[0]!;
  const dm = JSON.parse(/-d '(\{"channel":"instagram"[^']*)'/.exec(section)![1]!) as Json;
  const inbound = dataOf(await sim.request({ method: 'POST', path: '/_sandbox/inbound', key, body: dm }));
  const conversation = (inbound['conversation'] as Json)['id'];
  expect([conversation, inbound['contact_id']]).toEqual([19, 364]);
  // The README is read in order: its comment step just above made one contact and conversation
  // first (audit 12j), so the ids it shows are one higher than this walkthrough alone makes.
  expect(section).toContain(`$BASE/conversations/${Number(conversation) + 1}/messages`);
  expect(section).toContain(`"contact_id":${Number(inbound['contact_id']) + 1}`);
  expect(section).toContain(`skipped the comment, they are ${inbound['contact_id']} and ${conversation}`);
  const transcript = listOf(await sim.request({ path: `/conversations/${conversation}/messages`, key }));
  expect(transcript[0]).toMatchObject({ sender_type: 'bot', sender_name: 'Automation', text: 'What is your email?' });
  const sessions = listOf(await sim.request({ path: '/flow-sessions', key, query: { flow_id: String(flow['id']) } }));
  expect(sessions[0]).toMatchObject({ id: 8, flow_id: 16, flow_name: 'Demo lead capture', flow_version: 1, channel: 'instagram', status: 'waiting_input', end_reason: null, current_node_id: '2', attribution: { post_id: null, comment_id: null, matched_keyword: 'demo' } });
  const answer = JSON.parse(/-d '(\{"channel":"instagram","platform_user_id":"demo_1","text":"mia@example\.test"\})'/.exec(section)![1]!) as Json;
  await sim.request({ method: 'POST', path: '/_sandbox/inbound', key, body: answer });
  expect(dataOf(await sim.request({ path: '/flow-sessions/8', key }))).toMatchObject({ status: 'completed', end_reason: 'completed', current_node_id: '4' });
  const events = listOf(await sim.request({ path: '/flow-sessions/8/events', key }));
  expect(events[0]).toMatchObject({ id: 64, type: 'session_started', node_key: '1' });
  expect(events.find((event) => event['type'] === 'input_received')).toMatchObject({ node_key: '2', input_type: 'text' });
  expect(events.at(-1)).toMatchObject({ type: 'session_completed', end_reason: 'completed' });
  expect(JSON.stringify(events)).not.toContain('mia@example.test');
  expect(dataOf(await sim.request({ path: '/contacts/364', key }))).toMatchObject({ email: 'mia@example.test', tags: ['newsletter'] });
  const analytics = dataOf(await sim.request({ path: '/flows/16/analytics', key }));
  expect(analytics).toMatchObject({ flow_id: 16, version: 1, current_version: 1, range: '30d', channel: 'all', summary: { runs: 1, completed: 1, expired: 0, cancelled: 0, active: 0, completion_rate: 100 } });
  expect((analytics['outcomes'] as Json[])[0]).toMatchObject({ key: 'emails_collected', count: 1, rate: 100 });
  sim.close();
});
