/**
 * Flows (2.10, 3.3, 4.7, 6, 9): the catalogue, validation (always 200), the structural rules
 * (also over random graphs built from the catalogue, compared with POST /flows: valid <=> 201),
 * CRUD and the 3.3 lifecycle, versions, and the active-flow cap.
 *
 * Live-safe: every flow the kit creates is named with the run prefix and matches only words that
 * carry it (nobody types them), is paused before it is deleted, and is deleted by the check that
 * made it (the sweeper deletes any left behind).
 */
import fc from 'fast-check';
import { Flow, FlowSummary, FlowValidation } from '../../../src/resources/flows/schemas.js';
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { errorCodeOf, expectError, expectShape, expectStatus, fail, readData, readList } from '../../runner/expect.js';
import { costOf, perRun } from '../helpers.js';
import { arbGraph, readCatalogue, type Catalogue, type Json, type KitGraph } from './graphs.js';

const group = 'flows';
const CATALOGUE = 'GET /flows/nodes';
const VALIDATE = 'POST /flows/validate';
const CREATE = 'POST /flows';
const GET = 'GET /flows/{id}';
const LIST = 'GET /flows';
const PATCH = 'PATCH /flows/{id}';
const DELETE = 'DELETE /flows/{id}';
const action = (name: string) => `POST /flows/{id}/${name}`;

/** A small valid graph: ask for an email, mark a lead, thank. */
export function leadCapture(word: string): KitGraph {
  return {
    trigger: { source: 'dm', keywords: [word], match_type: 'exact' },
    nodes: [
      { id: '1', type: 'trigger', config: {} },
      { id: '2', type: 'collect_input', config: { question: 'Your email?', input_type: 'email', variable_name: 'email' } },
      { id: '3', type: 'action', config: { action_type: 'mark_lead' } },
      { id: '4', type: 'message', config: { text: 'Thanks, we will write to {email}.' } },
    ],
    edges: [
      { from: '1', to: '2' },
      { from: '2', to: '3' },
      { from: '3', to: '4' },
    ],
  };
}

const withNodes = (graph: KitGraph, nodes: KitGraph['nodes'], edges: KitGraph['edges']): KitGraph => ({ ...graph, nodes: [...graph.nodes, ...nodes], edges: [...graph.edges, ...edges] });

async function validate(ctx: CheckContext, definition: unknown, extra: Json = {}) {
  const response = await ctx.send({ method: 'POST', path: '/flows/validate', key: await ctx.keyFor('write'), body: { definition, ...extra } });
  expectStatus(response, 200, 'POST /flows/validate (always 200)');
  return { response, result: expectShape(readData(response, 'POST /flows/validate'), FlowValidation, 'validation result {valid, errors, warnings}', response) };
}

async function expectVerdict(ctx: CheckContext, what: string, definition: unknown, valid: boolean) {
  const { response, result } = await validate(ctx, definition);
  if (result.valid !== valid) fail(`POST /flows/validate with ${what}: expected valid ${valid}, got ${result.valid} (${result.errors.map((e) => e.message).join('; ') || 'no errors'})`, response);
  if (!valid && result.errors.length === 0) fail(`POST /flows/validate with ${what}: invalid but errors[] is empty`, response);
  return { response, result };
}

/** Creates a flow (201 expected) and returns it. The ledger records it for the sweeper. */
async function createFlow(ctx: CheckContext, word: string, key?: string, graph = leadCapture(word)) {
  const response = await ctx.send({ method: 'POST', path: '/flows', key: key ?? (await ctx.keyFor('write')), body: { name: ctx.name('flow'), definition: graph } });
  expectStatus(response, 201, 'POST /flows with a valid definition');
  return expectShape(readData(response, 'POST /flows'), Flow, 'flow (2.10)', response);
}

async function act(ctx: CheckContext, id: number, name: string, key?: string) {
  return ctx.send({ method: 'POST', path: `/flows/${id}/${name}`, key: key ?? (await ctx.keyFor('write')), body: {} });
}

async function readFlow(ctx: CheckContext, id: number, what: string, key?: string) {
  const response = await ctx.send({ path: `/flows/${id}`, ...(key ? { key } : {}) });
  expectStatus(response, 200, what);
  return expectShape(readData(response, what), Flow, 'flow (2.10)', response);
}

/** Pauses (when active) and deletes a flow the kit made. */
async function retire(ctx: CheckContext, id: number, key?: string): Promise<void> {
  const writer = key ?? (await ctx.keyFor('write'));
  await ctx.send({ method: 'POST', path: `/flows/${id}/pause`, key: writer, body: {} });
  const removed = await ctx.send({ method: 'DELETE', path: `/flows/${id}`, key: writer });
  if (removed.status === 200 || removed.status === 404) ctx.ledger.forget('flow', id);
}

/** Room for `flows` more flows (and `active` more active ones) in the account, else skip. */
async function requireRoom(ctx: CheckContext, catalogue: Catalogue, flows: number, active = 0): Promise<void> {
  const { live } = catalogue;
  if (live.flows.length + flows > live.flow_limit) ctx.skip('plan_limit_reached', `the account holds ${live.flows.length} of ${live.flow_limit} flows`);
  if (live.active_flows.count + active > live.active_flows.limit) ctx.skip('plan_limit_reached', `${live.active_flows.count} of ${live.active_flows.limit} flows are active`);
}

const word = (ctx: CheckContext, hint: string) => ctx.name(hint).slice(0, 50);

export const flowChecks: CheckDefinition[] = [
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
      const target = await createFlow(ctx, word(ctx, 'target'), key);
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
    id: 'flows.create',
    title: 'POST /flows: 201 draft version 1 with warnings; 422 invalid_definition lists errors; name 1 to 100',
    clause: '4.7',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, GET, 'GET /flows/{id}/definition', LIST, DELETE],
    cost: costOf(12),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 2);
      const key = await ctx.keyFor('write');
      const flow = await createFlow(ctx, word(ctx, 'create'), key);
      try {
        if (flow.status !== 'draft' || flow.version !== 1 || flow.published_version !== null) fail(`a new flow should be a draft at version 1, unpublished; got ${flow.status} v${flow.version} published ${flow.published_version}`);
        if (!Array.isArray(flow.warnings)) fail('POST /flows should answer warnings (2.10: on create)');
        if (flow.stats.entries !== 0 || flow.stats.completion_rate !== null) fail('a new flow has no entries, so completion_rate is null (2.10)');
        const definition = await ctx.send({ path: `/flows/${flow.id}/definition` });
        const shown = readData(definition, 'GET /flows/{id}/definition');
        if (shown['flow_id'] !== flow.id || typeof shown['has_draft'] !== 'boolean' || typeof shown['definition'] !== 'object') fail('GET /flows/{id}/definition should answer {flow_id, has_draft, definition}', definition);
        const listed = await ctx.send({ path: '/flows', query: { status: 'draft', limit: 100 } });
        const item = readList(listed, 'GET /flows?status=draft').data.find((f) => (f as Json)['id'] === flow.id) as Json | undefined;
        if (!item) fail('GET /flows?status=draft leaves out the new draft', listed);
        expectShape(item, FlowSummary, 'flow list shape (2.10)', listed);
        if ('definition' in item) fail('GET /flows should list flows without definitions', listed);
        const broken = withNodes(leadCapture(word(ctx, 'broken')), [{ id: '5', type: 'message', config: { text: 'x' } }], []);
        const refused = await ctx.send({ method: 'POST', path: '/flows', key, body: { name: ctx.name('bad'), definition: broken } });
        const error = expectError(refused, 422, 'invalid_definition', 'POST /flows with an unreachable node');
        if (!Array.isArray(error.extra['errors']) || error.extra['errors'].length === 0) fail('422 invalid_definition should list errors', refused);
        for (const name of ['', 'n'.repeat(101)]) {
          expectError(await ctx.send({ method: 'POST', path: '/flows', key, body: { name, definition: leadCapture(word(ctx, 'n')) } }), 400, 'invalid_param', `POST /flows with a ${name.length}-character name`, { param: 'name' });
        }
        expectError(await ctx.send({ method: 'POST', path: '/flows', key, body: { name: ctx.name('nodef') } }), 400, 'invalid_param', 'POST /flows without a definition', { param: 'definition' });
      } finally {
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.lifecycle',
    title: '3.3: publish, pause (409 not_active when not active), activate, discard-draft, duplicate (201, copy suffix), delete',
    clause: '3.3',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, GET, PATCH, DELETE, ...['publish', 'activate', 'pause', 'discard-draft', 'duplicate'].map(action)],
    cost: costOf(16),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 2, 1);
      const key = await ctx.keyFor('write');
      const w = word(ctx, 'life');
      const flow = await createFlow(ctx, w, key);
      let copyId: number | undefined;
      try {
        expectError(await act(ctx, flow.id, 'pause', key), 409, 'not_active', 'pause of a draft flow');
        const published = await act(ctx, flow.id, 'publish', key);
        expectStatus(published, 200, 'publish of a draft flow');
        const live = expectShape(readData(published, 'publish'), Flow, 'flow', published);
        if (live.status !== 'active' || live.published_version !== 1) fail(`publish with room under the cap: expected active, published_version 1; got ${live.status}, ${live.published_version}`, published);
        const paused = await act(ctx, flow.id, 'pause', key);
        if (readData(paused, 'pause')['status'] !== 'paused') fail('pause of an active flow should leave it paused', paused);
        expectError(await act(ctx, flow.id, 'pause', key), 409, 'not_active', 'pause of a paused flow');
        const activated = await act(ctx, flow.id, 'activate', key);
        if (readData(activated, 'activate')['status'] !== 'active') fail('activate of a paused flow (room under the cap) should make it active', activated);
        const changed = leadCapture(w);
        changed.nodes[3] = { id: '4', type: 'message', config: { text: 'Changed, {email}' } };
        await ctx.send({ method: 'PATCH', path: `/flows/${flow.id}`, key, body: { definition: changed } });
        const discarded = await act(ctx, flow.id, 'discard-draft', key);
        const back = expectShape(readData(discarded, 'discard-draft'), Flow, 'flow', discarded);
        if (back.has_draft || JSON.stringify(back.definition) !== JSON.stringify(live.definition)) fail('discard-draft should drop the draft and show the published definition again', discarded);
        const copy = await act(ctx, flow.id, 'duplicate', key);
        expectStatus(copy, 201, 'duplicate');
        const duplicate = expectShape(readData(copy, 'duplicate'), Flow, 'flow', copy);
        copyId = duplicate.id;
        if (duplicate.status !== 'draft' || duplicate.id === flow.id) fail('duplicate should make a new flow in draft', copy);
        if (!duplicate.name.startsWith(flow.name) || duplicate.name === flow.name) fail(`duplicate should be named with a copy suffix; got "${duplicate.name}" for "${flow.name}"`, copy);
        await act(ctx, flow.id, 'pause', key);
        const removed = await ctx.send({ method: 'DELETE', path: `/flows/${flow.id}`, key });
        expectStatus(removed, 200, 'DELETE /flows/{id}');
        if (readData(removed, 'DELETE /flows/{id}')['deleted'] !== true) fail('DELETE /flows/{id} should answer {deleted: true}', removed);
        ctx.ledger.forget('flow', flow.id);
        expectError(await ctx.send({ path: `/flows/${flow.id}` }), 404, 'not_found', 'GET of a deleted flow');
      } finally {
        if (copyId !== undefined) await retire(ctx, copyId, key);
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.patch-keeps-published',
    title: 'PATCH with a definition saves a draft: the published version keeps running (published_version unchanged), and discard-draft returns to it',
    clause: '3.3',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, GET, PATCH, action('publish'), action('discard-draft'), DELETE],
    cost: costOf(9),
    async run(ctx) {
      const catalogue = await readCatalogue(ctx);
      await requireRoom(ctx, catalogue, 1);
      const key = await ctx.keyFor('write');
      const w = word(ctx, 'draft');
      const flow = await createFlow(ctx, w, key);
      try {
        const published = expectShape(readData(await act(ctx, flow.id, 'publish', key), 'publish'), Flow, 'flow');
        const changed = leadCapture(w);
        changed.nodes[3] = { id: '4', type: 'message', config: { text: 'A new ending, {email}' } };
        const patched = await ctx.send({ method: 'PATCH', path: `/flows/${flow.id}`, key, body: { definition: changed } });
        expectStatus(patched, 200, 'PATCH /flows/{id} with a definition');
        const after = await readFlow(ctx, flow.id, 'GET /flows/{id} after PATCH');
        if (after.status !== published.status) fail(`PATCH changed the status from ${published.status} to ${after.status} (3.3: unchanged)`);
        if (!after.has_draft) fail('after PATCH with a definition, has_draft should be true (saved as draft)');
        if (after.published_version !== published.published_version) fail(`PATCH moved published_version from ${published.published_version} to ${after.published_version}: the published version must keep running`);
        if (after.version <= (published.published_version ?? 0)) fail(`the draft should be a newer version than the published ${published.published_version}; version is ${after.version}`);
        const discarded = expectShape(readData(await act(ctx, flow.id, 'discard-draft', key), 'discard-draft'), Flow, 'flow');
        if (JSON.stringify(discarded.definition) !== JSON.stringify(published.definition)) fail('after discard-draft the definition should be the published one again');
      } finally {
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.versions',
    title: 'Each publish bumps published_version by one; version and published_version are integers',
    clause: '9',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, PATCH, action('publish'), DELETE],
    cost: costOf(7),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 1);
      const key = await ctx.keyFor('write');
      const w = word(ctx, 'ver');
      const flow = await createFlow(ctx, w, key);
      try {
        let last = 0;
        for (let round = 1; round <= 2; round++) {
          if (round > 1) {
            const changed = leadCapture(w);
            changed.nodes[3] = { id: '4', type: 'message', config: { text: `Round ${round}, {email}` } };
            await ctx.send({ method: 'PATCH', path: `/flows/${flow.id}`, key, body: { definition: changed } });
          }
          const response = await act(ctx, flow.id, 'publish', key);
          const published = expectShape(readData(response, 'publish'), Flow, 'flow', response);
          if (published.published_version !== last + 1) fail(`publish #${round} should make published_version ${last + 1}, got ${published.published_version}`, response);
          last = published.published_version;
        }
      } finally {
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.keyword-collision',
    title: 'Activating a flow whose keyword another active flow uses is 422 invalid_definition',
    clause: '3.3',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [CATALOGUE, CREATE, action('publish'), action('activate'), action('pause'), DELETE],
    cost: costOf(9),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 2, 1);
      const key = await ctx.keyFor('write');
      const w = word(ctx, 'clash');
      const first = await createFlow(ctx, w, key);
      let second: number | undefined;
      try {
        expectStatus(await act(ctx, first.id, 'activate', key), 200, 'activate of a fresh flow');
        second = (await createFlow(ctx, w, key)).id;
        expectError(await act(ctx, second, 'activate', key), 422, 'invalid_definition', 'activate of a flow sharing a keyword with an active flow');
      } finally {
        if (second !== undefined) await retire(ctx, second, key);
        await retire(ctx, first.id, key);
      }
    },
  },
  {
    id: 'flows.publish-cap',
    title: 'Publishing with the active-flow cap reached leaves the flow published but paused; activating it is 403 plan_limit_reached',
    clause: '3.3',
    level: 'spec',
    group,
    profile: 'full',
    routes: [CATALOGUE, CREATE, action('publish'), action('activate'), action('pause'), DELETE],
    cost: costOf(60),
    async run(ctx) {
      // The account (a, or b when it has fewer free slots) is filled to its cap with the kit's own flows.
      const candidates: ('a' | 'b')[] = ctx.keys.scopeOf('b') && ['write', 'admin', 'full'].includes(ctx.keys.scopeOf('b')!) ? ['a', 'b'] : ['a'];
      let chosen: { label: 'a' | 'b'; gap: number; catalogue: Catalogue } | undefined;
      for (const label of candidates) {
        const catalogue = await readCatalogue(ctx, label === 'a' ? await ctx.keyFor('write') : 'b');
        const gap = catalogue.live.active_flows.limit - catalogue.live.active_flows.count;
        if (!chosen || gap < chosen.gap) chosen = { label, gap, catalogue };
      }
      const { label, gap, catalogue } = chosen!;
      if (gap > 12) ctx.skip('budget', `${gap} more active flows would be needed to reach the cap`);
      if (catalogue.live.flows.length + gap + 1 > catalogue.live.flow_limit) ctx.skip('plan_limit_reached', 'no room for the flows that fill the cap');
      const key = label === 'a' ? await ctx.keyFor('write') : 'b';
      const made: number[] = [];
      try {
        for (let i = 0; i < gap; i++) {
          const flow = await createFlow(ctx, word(ctx, `cap${i}`), key);
          made.push(flow.id);
          expectStatus(await act(ctx, flow.id, 'publish', key), 200, 'publish while under the cap');
        }
        const over = await createFlow(ctx, word(ctx, 'over'), key);
        made.push(over.id);
        const response = await act(ctx, over.id, 'publish', key);
        expectStatus(response, 200, 'publish with the active-flow cap reached');
        const flow = readData(response, 'publish');
        if (flow['status'] !== 'paused' || flow['published_version'] !== 1) fail(`publish with the cap reached should leave it published (published_version 1) but paused; got ${String(flow['status'])}, ${String(flow['published_version'])}`, response);
        expectError(await act(ctx, over.id, 'activate', key), 403, 'plan_limit_reached', 'activate with the active-flow cap reached');
      } finally {
        for (const id of made) await retire(ctx, id, key);
      }
    },
  },
  {
    id: 'flows.events',
    title: 'flow.published, flow.activated and flow.paused fire on the matching lifecycle action',
    clause: '6',
    level: 'spec',
    group,
    profile: 'safe',
    needs: ['simulator', 'control'],
    routes: [CATALOGUE, CREATE, action('publish'), action('activate'), action('pause'), DELETE],
    cost: costOf(10),
    async run(ctx) {
      await requireRoom(ctx, await readCatalogue(ctx), 1, 1);
      const key = await ctx.keyFor('write');
      const flow = await createFlow(ctx, word(ctx, 'events'), key);
      try {
        await act(ctx, flow.id, 'publish', key);
        await act(ctx, flow.id, 'pause', key);
        await act(ctx, flow.id, 'activate', key);
        for (const type of ['flow.published', 'flow.paused', 'flow.activated']) {
          const response = await ctx.send({ path: '/_sandbox/events', query: { type, limit: 100 }, fromOrigin: true });
          expectStatus(response, 200, `GET /_sandbox/events?type=${type}`);
          const events = ((response.json as { data?: unknown } | undefined)?.data ?? []) as Json[];
          if (!events.some((event) => ((event['data'] as Json | undefined)?.['flow'] as Json | undefined)?.['id'] === flow.id)) fail(`no ${type} event for flow ${flow.id} (section 6)`, response);
        }
      } finally {
        await retire(ctx, flow.id, key);
      }
    },
  },
  {
    id: 'flows.other-account',
    title: 'Another account’s flow is 404 for reads and actions',
    clause: '4.7',
    level: 'spec',
    group,
    profile: 'safe',
    needs: ['key_b'],
    routes: [CATALOGUE, CREATE, GET, action('publish'), DELETE],
    cost: costOf(6),
    async run(ctx) {
      const scopeB = ctx.keys.scopeOf('b');
      if (!scopeB || !['write', 'admin', 'full'].includes(scopeB)) ctx.skip('needs_key_b_of_scope:write');
      await requireRoom(ctx, await readCatalogue(ctx, 'b'), 1);
      const theirs = await createFlow(ctx, word(ctx, 'theirs'), 'b');
      try {
        expectError(await ctx.send({ path: `/flows/${theirs.id}` }), 404, 'not_found', "GET /flows/{id} of another account's flow");
        expectError(await act(ctx, theirs.id, 'publish'), 404, 'not_found', "publish of another account's flow");
      } finally {
        await retire(ctx, theirs.id, 'b');
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

