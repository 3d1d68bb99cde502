/**
 * GET /flows/nodes (4.7): the catalogue's shape, the named sources and node types with their
 * named keys, the account's live values and plan caps, and proof that the catalogue and the
 * validator cannot disagree (every `config` is the JSON Schema of the config that validates).
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { data, leadCapture, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';
import { NodeConfigs, SourceConfigs, type NodeType, type SourceName } from './config-schemas.js';
import { FLOW_PLAN_LIMITS } from './plans.js';
import { FlowCatalogue } from './schemas.js';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
type Catalogue = z.infer<typeof FlowCatalogue>;

describeRuntimes('GET /flows/nodes', (api) => {
  const catalogue = async (key = api().keys.read!) => {
    const response = await api().call({ path: '/flows/nodes', key });
    expect(response.status).toBe(200);
    return data<Catalogue>(response);
  };

  it('lists 13 sources and 12 node types with what the spec asks of each', async () => {
    const { sources, nodes, enums, placeholders, definition } = await catalogue();
    expect(sources).toHaveLength(13);
    expect(nodes).toHaveLength(12);
    for (const source of sources) {
      expect(source).toEqual(expect.objectContaining({ label: expect.any(String), channels: expect.any(Array), needs_keywords: expect.any(Boolean), config: expect.any(Object) }));
    }
    for (const node of nodes) {
      expect(node).toEqual(
        expect.objectContaining({ label: expect.any(String), inputs: expect.any(Number), outputs: expect.any(Array), terminal: expect.any(Boolean), description: expect.any(String), config: expect.any(Object) }),
      );
    }
    for (const name of ['channels', 'match_types', 'input_types', 'rule_types', 'action_types', 'delay_units', 'http_methods', 'button_types', 'media_types']) {
      expect(enums[name], name).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    expect(enums['channels']).toEqual(['facebook', 'instagram', 'whatsapp']);
    expect(enums['input_types']).toEqual(['email', 'phone', 'name', 'text', 'number']);
    expect(placeholders.map((p) => p.placeholder)).toEqual(expect.arrayContaining(['{first_name}', '{custom_fields.<field_key>}', '{<variable_name>}']));
    expect(definition).toMatchObject({ trigger_node_id: '1', default_from_port: 'output_1' });
    expect(definition.errors.map((c) => c.code)).toEqual(expect.arrayContaining(['unreachable', 'unknown_port', 'node_limit', 'keyword_collision']));
  });

  it('names the spec’s sources and node types with their keys', async () => {
    const { sources, nodes } = await catalogue();
    const source = (name: string) => sources.find((s) => s.source === name)!;
    const props = (config: Json) => Object.keys(config['properties'] as Json);
    expect(props(source('dm').config)).toEqual(expect.arrayContaining(['keywords', 'match_type']));
    expect(source('dm').needs_keywords).toBe(true);
    expect(props(source('comment').config)).toEqual(expect.arrayContaining(['mode', 'comment_trigger_id', 'comment_keywords']));
    expect(props(source('ai_intent').config)).toEqual(['intent_description', 'confidence']);
    expect(nodes.map((n) => n.type)).toEqual(expect.arrayContaining(['trigger', 'collect_input', 'action', 'message', 'condition', 'book_appointment', 'goto_flow']));
    const collect = nodes.find((n) => n.type === 'collect_input')!;
    expect(collect.config['required']).toEqual(['question', 'input_type', 'variable_name']);
    expect(props(collect.config)).toEqual(expect.arrayContaining(['max_retries', 'retry_message']));
    expect(collect.outputs.map((o) => o.port)).toEqual(['output_1', 'output_2']);
    const message = nodes.find((n) => n.type === 'message')!;
    expect(message.outputs).toEqual([
      expect.objectContaining({ port: 'output_{n}', per: 'buttons', where: { type: 'postback' } }),
      expect.objectContaining({ port: 'output_timeout' }),
      expect.objectContaining({ port: 'output_1', when: 'none' }),
    ]);
    const condition = nodes.find((n) => n.type === 'condition')!;
    expect(condition.outputs.map((o) => o.port)).toEqual(['output_{n}', 'output_else']);
    const trigger = nodes.find((n) => n.type === 'trigger')!;
    expect(trigger).toMatchObject({ inputs: 0, terminal: false });
    expect(nodes.filter((n) => n.terminal).map((n) => n.type)).toEqual(['goto_flow', 'handoff']);
  });

  it('live: the account’s fields, tags, bookable services, flows, comment triggers and the plan caps', async () => {
    for (const account of api().accounts.slice(0, 4)) {
      const { live } = await catalogue(account.keys.read!);
      const limits = FLOW_PLAN_LIMITS[account.plan];
      expect(live).toMatchObject({ node_limit: limits.nodes, flow_limit: limits.flows, active_flows: { limit: limits.live } });
      // The knowledge base's active services (inactive ones cannot be booked).
      const services = data<Json[]>(await api().call({ path: '/knowledge/services', key: account.keys.read!, query: { limit: 100 } }));
      const byId = (a: Json, b: Json) => Number(a['id']) - Number(b['id']);
      expect([...live.services].sort(byId)).toEqual(services.filter((s) => s['active'] === true).map((s) => ({ id: s['id'], name: s['name'], duration_minutes: s['duration_minutes'] ?? 30 })).sort(byId));
      const triggers = data<Json[]>(await api().call({ path: '/comment-triggers', key: account.keys.read!, query: { limit: 100 } }));
      expect([...(live as { comment_triggers: Json[] }).comment_triggers].sort((a, b) => Number(a['id']) - Number(b['id']))).toEqual(
        triggers.map((t) => ({ id: t['id'], name: t['name'], active: t['active'] })).sort((a, b) => Number(a.id) - Number(b.id)),
      );
      const flows = data<Json[]>(await api().call({ path: '/flows', key: account.keys.read!, query: { limit: 100 } }));
      expect(live.flows.map((f) => f.id).sort()).toEqual(flows.map((f) => f['id']).sort());
      expect(live.active_flows.count).toBe(flows.filter((f) => f['status'] === 'active').length);
      const tags = data<Json[]>(await api().call({ path: '/tags', key: account.keys.read! }));
      expect(live.tags.map((t) => t.name)).toEqual(tags.map((t) => t['name']));
      const fields = data<Json[]>(await api().call({ path: '/custom-fields', key: account.keys.read! }));
      expect(live.custom_fields.map((f) => f.field_key)).toEqual(fields.map((f) => f['field_key']));
    }
  });

  it('every example is valid: a trigger with each source, a graph with every node type', async () => {
    const { sources, nodes } = await catalogue();
    const flowId = data<Json[]>(await api().call({ path: '/flows', key: api().keys.read! }))[0]!['id'];
    for (const source of sources) {
      const channels = source.channels;
      const trigger = { source: source.source, ...source.example };
      const response = await api().call({ method: 'POST', path: '/flows/validate', key: api().keys.write!, body: { definition: { ...leadCapture('x'), trigger }, channels } });
      expect(data<Json>(response), source.source).toMatchObject({ valid: true });
    }
    const graph = leadCapture('examples');
    let previous = '4';
    for (const node of nodes.filter((n) => n.type !== 'trigger' && !n.terminal)) {
      const id = `ex_${node.type}`;
      graph.nodes.push({ id, type: node.type, config: node.example });
      graph.edges.push({ from: previous, to: id });
      previous = id;
    }
    for (const node of nodes.filter((n) => n.terminal)) {
      const id = `ex_${node.type}`;
      graph.nodes.push({ id, type: node.type, config: node.type === 'goto_flow' ? { flow_id: flowId } : node.example });
      graph.edges.push({ from: node.type === 'goto_flow' ? 'ex_http_request' : 'ex_ai_reply', from_port: 'output_2', to: id });
    }
    const response = await api().call({ method: 'POST', path: '/flows/validate', key: api().keys.write!, body: { definition: graph } });
    expect(data<Json>(response)['errors']).toEqual([]);
  });
});

describeRuntimes('the catalogue and the validator agree', (api) => {
  it('each config JSON Schema accepts exactly what the config schema accepts', async () => {
    const catalogue = data<Catalogue>(await api().call({ path: '/flows/nodes', key: api().keys.read! }));
    const ajv = new Ajv2020({ strict: false });
    const samples: unknown[] = [{}, { text: 'hi' }, { text: '' }, { question: 'Q', input_type: 'email', variable_name: 'v' }, { question: 'Q', input_type: 'date', variable_name: 'v' }, { duration: 5, unit: 'minutes' }, { duration: 0, unit: 'minutes' }, { keywords: ['a'] }, { keywords: [] }, { ref: 'a b' }, { ref: 'ok' }, { payload: 'GO' }, { flow_id: 3 }, { flow_id: '3' }, { method: 'GET', url: 'https://x.example.test' }, { action_type: 'mark_lead' }, { action_type: 'mark_lead', extra: 1 }, { rules: [{ type: 'within_business_hours' }] }, { branches: [{ weight: 50 }, { weight: 50 }] }, { goal: 'answer_questions', instructions: 'Be brief' }];
    const agree = (name: string, json: Json, schema: z.ZodType) => {
      const check = ajv.compile(json);
      for (const sample of samples) {
        const zod = schema.safeParse(sample).success;
        // Refinements (repeats, sums, cross-key rules) are stricter than JSON Schema can say; never looser.
        if (zod) expect(check(sample), `${name} ${JSON.stringify(sample)}`).toBe(true);
        if (!check(sample)) expect(zod, `${name} ${JSON.stringify(sample)}`).toBe(false);
      }
    };
    for (const node of catalogue.nodes) agree(node.type, node.config, NodeConfigs[node.type as NodeType]);
    for (const source of catalogue.sources) agree(source.source, source.config, SourceConfigs[source.source as SourceName]);
  });
});
