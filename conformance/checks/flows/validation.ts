/**
 * Flow validation (2.10, 4.7): the catalogue, the structural rules (also over random graphs built
 * from the catalogue, compared with POST /flows: valid <=> 201), errors that name their node, and
 * bad input answered with 422/400, never 5xx.
 */
import fc from 'fast-check';
import { FlowValidation } from '../../../src/resources/flows/schemas.js';
import type { CheckDefinition } from '../../runner/check.js';
import { errorCodeOf, expectError, expectShape, expectStatus, fail, readData } from '../../runner/expect.js';
import { costOf, perRun } from '../helpers.js';
import { CATALOGUE, CREATE, DELETE, VALIDATE, expectVerdict, setupFlow, group, leadCapture, requireRoom, retire, validate, withNodes, word } from './client.js';
import { arbGraph, readCatalogue, type Json } from './graphs.js';

export const validationChecks: CheckDefinition[] = [
  {
    id: 'flows.catalogue',
    title: 'GET /flows/nodes: definition rules, 13 sources, 12 node types, enums, placeholders and live values',
    clause: '4.7',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [CATALOGUE],
    cost: costOf(1),
    async run(ctx) {
      const catalogue = await readCatalogue(ctx);
      if (catalogue.sources.length !== 13) fail(`the catalogue lists ${catalogue.sources.length} sources; 2.10 says 13 exist`);
      if (catalogue.nodes.length !== 12) fail(`the catalogue lists ${catalogue.nodes.length} node types; 2.10 says 12 exist`);
      for (const name of ['channels', 'match_types', 'input_types', 'rule_types', 'action_types', 'delay_units', 'http_methods', 'button_types', 'media_types']) {
        if (!Array.isArray(catalogue.enums[name]) || catalogue.enums[name]!.length === 0) fail(`the catalogue's enums lack ${name} (4.7)`);
      }
      const { live } = catalogue;
      if (live.active_flows.count > live.active_flows.limit || live.flows.length > live.flow_limit) fail('live counts exceed their own plan limits');
    },
  },
  {
    id: 'flows.catalogue-named',
    title: 'The catalogue names the spec’s sources and node types with their keys (collect_input requires question, input_type, variable_name)',
    clause: '2.10',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [CATALOGUE],
    cost: costOf(1),
    async run(ctx) {
      const catalogue = await readCatalogue(ctx);
      const keys = (config: Json) => Object.keys((config['properties'] ?? {}) as Json);
      const source = (name: string) => catalogue.sources.find((s) => s.source === name) ?? fail(`the catalogue has no source ${name} (2.10)`);
      for (const [name, wanted] of [['dm', ['keywords', 'match_type']], ['comment', ['comment_trigger_id', 'comment_keywords']], ['ai_intent', ['intent_description']]] as const) {
        const missing = wanted.filter((key) => !keys(source(name).config).includes(key));
        if (missing.length > 0) fail(`source ${name} lacks ${missing.join(', ')} (2.10)`);
      }
      for (const type of ['trigger', 'collect_input', 'action', 'message', 'condition', 'book_appointment', 'goto_flow']) {
        if (!catalogue.nodes.some((node) => node.type === type)) fail(`the catalogue has no node type ${type} (2.10)`);
      }
      const collect = catalogue.nodes.find((node) => node.type === 'collect_input')!;
      const required = (collect.config['required'] ?? []) as string[];
      for (const key of ['question', 'input_type', 'variable_name']) if (!required.includes(key)) fail(`collect_input does not require ${key} (2.10)`);
      const inputType = ((collect.config['properties'] as Json)['input_type'] as Json | undefined)?.['enum'];
      if (JSON.stringify(inputType) !== JSON.stringify(['email', 'phone', 'name', 'text', 'number'])) fail(`collect_input.input_type should be email, phone, name, text, number; got ${JSON.stringify(inputType)}`);
      const action = catalogue.nodes.find((node) => node.type === 'action')!;
      if (!JSON.stringify(action.config).includes('tag_conversation') || !JSON.stringify(action.config).includes('tag_value')) fail('action lacks action_type tag_conversation with tag_value (2.10)');
      const channels = new Set(['facebook', 'instagram', 'whatsapp']);
      for (const s of catalogue.sources) if (s.channels.some((c) => !channels.has(c))) fail(`source ${s.source} fires on a channel flows do not run on (2.10: facebook, instagram, whatsapp)`);
    },
  },
  {
    id: 'flows.structure',
    title: 'Validation is always 200 and applies the structural rules: one trigger "1", every node reachable, ports that exist (from_port defaults to output_1)',
    clause: '2.10',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [VALIDATE],
    cost: costOf(15),
    async run(ctx) {
      const w = word(ctx, 'shape');
      const base = leadCapture(w);
      await expectVerdict(ctx, 'a valid lead capture (from_port omitted everywhere)', base, true);
      for (const [what, definition] of [
        ['a definition that is a string', 'a flow'],
        ['no nodes', { ...base, nodes: [], edges: [] }],
      ] as const) {
        await expectVerdict(ctx, what, definition, false);
      }
      await expectVerdict(ctx, 'no trigger node', { ...base, nodes: base.nodes.slice(1), edges: base.edges.slice(1) }, false);
      await expectVerdict(ctx, 'two trigger nodes', withNodes(base, [{ id: '9', type: 'trigger', config: {} }], []), false);
      await expectVerdict(ctx, 'the trigger with id "2"', { ...base, nodes: [{ id: 't', type: 'trigger', config: {} }, ...base.nodes.slice(1)], edges: [{ from: 't', to: '2' }, ...base.edges.slice(1)] }, false);
      await expectVerdict(ctx, 'an unreachable node', withNodes(base, [{ id: '5', type: 'message', config: { text: 'lost' } }], []), false);
      const sorry = { id: '5', type: 'message', config: { text: 'Sorry' } };
      await expectVerdict(ctx, 'collect_input leaving by output_2', withNodes(base, [sorry], [{ from: '2', from_port: 'output_2', to: '5' }]), true);
      await expectVerdict(ctx, 'collect_input leaving by output_3', withNodes(base, [sorry], [{ from: '2', from_port: 'output_3', to: '5' }]), false);
      const buttons = { id: '5', type: 'message', config: { text: 'Pick', buttons: [{ type: 'postback', title: 'A' }, { type: 'postback', title: 'B' }] } };
      const after = (port: string) => withNodes(base, [buttons, { id: '6', type: 'message', config: { text: 'ok' } }], [{ from: '4', to: '5' }, { from: '5', from_port: port, to: '6' }]);
      await expectVerdict(ctx, 'a message with 2 postback buttons leaving by output_2', after('output_2'), true);
      await expectVerdict(ctx, 'a message with 2 postback buttons leaving by output_timeout', after('output_timeout'), true);
      await expectVerdict(ctx, 'a message with 2 postback buttons leaving by output_3', after('output_3'), false);
      const rules = { id: '5', type: 'condition', config: { rules: [{ type: 'channel_is', channel: 'instagram' }, { type: 'channel_is', channel: 'facebook' }] } };
      const branch = (port: string) => withNodes(base, [rules, { id: '6', type: 'message', config: { text: 'ok' } }], [{ from: '4', to: '5' }, { from: '5', from_port: port, to: '6' }]);
      await expectVerdict(ctx, 'a condition with 2 rules leaving by output_2', branch('output_2'), true);
      await expectVerdict(ctx, 'a condition with 2 rules leaving by output_3', branch('output_3'), false);
      await expectVerdict(ctx, 'collect_input without variable_name', { ...base, nodes: base.nodes.map((n) => (n.id === '2' ? { ...n, config: { question: 'Email?', input_type: 'email' } } : n)) }, false);
    },
  },
  {
    id: 'flows.errors-name-nodes',
    title: 'Each validation error names the node it concerns, and the port or config key',
    clause: '4.7',
    level: 'assumption',
    group,
    profile: 'safe',
    routes: [VALIDATE],
    cost: costOf(3),
    async run(ctx) {
      const base = leadCapture(word(ctx, 'names'));
      const cases: [string, unknown, { node_id: string; port?: string; key?: string }][] = [
        ['an unreachable node 5', withNodes(base, [{ id: '5', type: 'message', config: { text: 'x' } }], []), { node_id: '5' }],
        ['an edge from node 2 by output_7', withNodes(base, [{ id: '5', type: 'message', config: { text: 'x' } }], [{ from: '2', from_port: 'output_7', to: '5' }]), { node_id: '2', port: 'output_7' }],
        ['node 2 without question', { ...base, nodes: base.nodes.map((n) => (n.id === '2' ? { ...n, config: { input_type: 'email', variable_name: 'email' } } : n)) }, { node_id: '2', key: 'question' }],
      ];
      for (const [what, definition, wanted] of cases) {
        const { response, result } = await validate(ctx, definition);
        const named = result.errors.some((e) => e.node_id === wanted.node_id && (wanted.port === undefined || e.port === wanted.port) && (wanted.key === undefined || e.key === wanted.key));
        if (!named) fail(`POST /flows/validate with ${what}: no error names ${JSON.stringify(wanted)}`, response);
      }
    },
  },
  {
    id: 'flows.generated-graphs',
    title: 'Random graphs from the catalogue: validate follows the structural rules, and POST /flows answers 201 exactly when valid',
    clause: '2.10',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, VALIDATE, CREATE, DELETE],
    cost: perRun(3, 4),
    async run(ctx) {
      const catalogue = await readCatalogue(ctx);
      if (catalogue.live.node_limit < 9) ctx.skip('plan_limit_reached', `node_limit ${catalogue.live.node_limit} is below the generated graphs' 9 nodes`);
      if (catalogue.nodes.some((node) => node.example === undefined)) ctx.skip('catalogue_without_examples');
      await requireRoom(ctx, catalogue, 2);
      const key = await ctx.keyFor('write');
      const target = await setupFlow(ctx, word(ctx, 'target'), key);
      try {
        await ctx.fc.check(
          fc.asyncProperty(arbGraph({ catalogue, word: word(ctx, 'gen'), gotoTarget: target.id }), async (generated) => {
            const body = { definition: generated.graph, channels: generated.channels };
            const checked = await ctx.send({ method: 'POST', path: '/flows/validate', key, body });
            expectStatus(checked, 200, 'POST /flows/validate (always 200)');
            const result = expectShape(readData(checked, 'POST /flows/validate'), FlowValidation, 'validation result', checked);
            const why = generated.valid ? 'it breaks no rule' : `${generated.fault}: ${generated.violations.join('; ') || 'a required config key is missing'}`;
            if (result.valid !== generated.valid) fail(`validate says valid ${result.valid}; expected ${generated.valid} (${why}); errors: ${result.errors.map((e) => e.code).join(', ')}`, checked);
            const created = await ctx.send({ method: 'POST', path: '/flows', key, body: { name: ctx.name('gen'), ...body } });
            if (result.valid !== (created.status === 201)) fail(`validate says valid ${result.valid} but POST /flows answered ${created.status} ${errorCodeOf(created) ?? ''}`.trim(), created);
            if (created.status === 201) await retire(ctx, readData(created, 'POST /flows')['id'] as number, key);
            else expectError(created, 422, 'invalid_definition', 'POST /flows with an invalid definition');
          }),
        );
      } finally {
        await retire(ctx, target.id, key);
      }
    },
  },
  {
    id: 'flows.validate-always-200',
    title: 'POST /flows/validate answers 200 {valid, errors, warnings} whatever its fields hold: bad channels, no definition, keys it does not read',
    clause: '4.7',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [VALIDATE],
    cost: costOf(5),
    async run(ctx) {
      const definition = leadCapture(word(ctx, 'always'));
      // 4.7 "always 200": a request it can read is answered, its faults reported in the result.
      const cases: [string, Json, boolean | undefined][] = [
        ['no definition', {}, false],
        ['definition null', { definition: null }, false],
        ['channels ["fax"]', { definition, channels: ['fax'] }, undefined],
        ['channels []', { definition, channels: [] }, undefined],
        ['a key the route does not read', { definition, name: 'not read here' }, undefined],
      ];
      for (const [what, body, valid] of cases) {
        const response = await ctx.send({ method: 'POST', path: '/flows/validate', key: await ctx.keyFor('write'), body });
        expectStatus(response, 200, `POST /flows/validate with ${what} (4.7: always 200)`);
        const result = expectShape(readData(response, 'POST /flows/validate'), FlowValidation, 'validation result {valid, errors, warnings}', response);
        if (valid !== undefined && result.valid !== valid) fail(`POST /flows/validate with ${what}: expected valid ${valid}, got ${result.valid}`, response);
        if (!result.valid && result.errors.length === 0) fail(`POST /flows/validate with ${what}: invalid but errors[] is empty`, response);
      }
    },
  },
  {
    id: 'flows.bad-input',
    title: 'Huge, cyclic, deeply nested definitions, duplicate ids, edges to nowhere, non-string ids: 422 or 400 with errors, never 5xx, in bounded time',
    clause: '4.7',
    level: 'assumption',
    group,
    profile: 'safe',
    routes: [CREATE, VALIDATE],
    cost: costOf(12),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const base = leadCapture(word(ctx, 'bad'));
      const huge = { ...base, nodes: [...base.nodes], edges: [...base.edges] };
      for (let i = 5; i < 2_000; i++) {
        huge.nodes.push({ id: String(i), type: 'message', config: { text: `Step ${i}` } });
        huge.edges.push({ from: String(i - 1), to: String(i) });
      }
      let deep: unknown = 'bottom';
      for (let i = 0; i < 2_000; i++) deep = { deeper: deep };
      const cases: [string, unknown][] = [
        ['2,000 nodes', huge],
        ['a loop with no wait', withNodes(base, [{ id: '5', type: 'action', config: { action_type: 'mark_lead' } }], [{ from: '4', to: '5' }, { from: '5', to: '3' }])],
        ['a config nested 2,000 deep', withNodes(base, [{ id: '5', type: 'message', config: { text: deep } }], [{ from: '4', to: '5' }])],
        ['duplicate node ids', withNodes(base, [{ id: '2', type: 'message', config: { text: 'x' } }], [])],
        ['an edge to nowhere', withNodes(base, [], [{ from: '4', to: 'nowhere' }])],
        ['non-string ids', { ...base, nodes: base.nodes.map((n) => (n.id === '2' ? { ...n, id: 2 } : n)) }],
      ];
      for (const [what, definition] of cases) {
        const started = Date.now();
        const created = await ctx.send({ method: 'POST', path: '/flows', key, body: { name: ctx.name('bad'), definition } });
        if (created.status >= 500) fail(`POST /flows with ${what}: HTTP ${created.status}`, created);
        if (created.status === 201) fail(`POST /flows with ${what} was accepted`, created);
        const error = expectError(created, created.status === 400 ? 400 : 422, created.status === 400 ? ['invalid_param', 'invalid_json'] : 'invalid_definition', `POST /flows with ${what}`);
        if (created.status === 422 && (!Array.isArray(error.extra['errors']) || error.extra['errors'].length === 0)) fail(`POST /flows with ${what}: 422 without an error list`, created);
        const checked = await validate(ctx, definition);
        if (checked.result.valid) fail(`POST /flows/validate with ${what} says valid`, checked.response);
        if (Date.now() - started > 10_000) fail(`${what}: over 10 s for two requests`);
      }
    },
  },
];
