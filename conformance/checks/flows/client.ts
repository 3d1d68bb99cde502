/**
 * What the flow checks share: a small valid graph, validate and create calls, lifecycle actions,
 * and clean-up that pauses then deletes what the kit made (live-safe).
 */
import { Flow, FlowValidation } from '../../../src/resources/flows/schemas.js';
import type { CheckContext } from '../../runner/check.js';
import { expectShape, expectStatus, fail, readData } from '../../runner/expect.js';
import { skipIfScopeRefused } from '../helpers.js';
import type { Catalogue, Json, KitGraph } from './graphs.js';

export const group = 'flows';
export const CATALOGUE = 'GET /flows/nodes';
export const VALIDATE = 'POST /flows/validate';
export const CREATE = 'POST /flows';
export const GET = 'GET /flows/{id}';
export const LIST = 'GET /flows';
export const PATCH = 'PATCH /flows/{id}';
export const DELETE = 'DELETE /flows/{id}';
export const action = (name: string) => `POST /flows/{id}/${name}`;

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

export const withNodes = (graph: KitGraph, nodes: KitGraph['nodes'], edges: KitGraph['edges']): KitGraph => ({ ...graph, nodes: [...graph.nodes, ...nodes], edges: [...graph.edges, ...edges] });

export async function validate(ctx: CheckContext, definition: unknown, extra: Json = {}) {
  const response = await ctx.send({ method: 'POST', path: '/flows/validate', key: await ctx.keyFor('write'), body: { definition, ...extra } });
  expectStatus(response, 200, 'POST /flows/validate (always 200)');
  return { response, result: expectShape(readData(response, 'POST /flows/validate'), FlowValidation, 'validation result {valid, errors, warnings}', response) };
}

export async function expectVerdict(ctx: CheckContext, what: string, definition: unknown, valid: boolean) {
  const { response, result } = await validate(ctx, definition);
  if (result.valid !== valid) fail(`POST /flows/validate with ${what}: expected valid ${valid}, got ${result.valid} (${result.errors.map((e) => e.message).join('; ') || 'no errors'})`, response);
  if (!valid && result.errors.length === 0) fail(`POST /flows/validate with ${what}: invalid but errors[] is empty`, response);
  return { response, result };
}

/** Creates a flow (201 expected) and returns it. The ledger records it for the sweeper. */
export async function createFlow(ctx: CheckContext, word: string, key?: string, graph = leadCapture(word)) {
  const response = await ctx.send({ method: 'POST', path: '/flows', key: key ?? (await ctx.keyFor('write')), body: { name: ctx.name('flow'), definition: graph } });
  expectStatus(response, 201, 'POST /flows with a valid definition');
  return expectShape(readData(response, 'POST /flows'), Flow, 'flow (2.10)', response);
}

/**
 * Creates a flow a check merely needs: a setup step, so a create that departs (any status but a
 * 2xx, no answer) makes the check inconclusive instead of charging the clause it judges (the
 * create itself is judged by `flows.create`). For account B a 403 `insufficient_scope` skips.
 */
export async function setupFlow(ctx: CheckContext, word: string, key?: string, graph = leadCapture(word)) {
  return ctx.setup(key === 'b' ? 'create a flow in account B' : 'create a flow', async () => {
    const response = await ctx.send({ method: 'POST', path: '/flows', key: key ?? (await ctx.keyFor('write')), body: { name: ctx.name('flow'), definition: graph } });
    if (key === 'b') skipIfScopeRefused(ctx, response, 'write');
    expectStatus(response, [200, 201], 'POST /flows with a valid definition');
    return expectShape(readData(response, 'POST /flows'), Flow, 'flow (2.10)', response);
  });
}

export async function act(ctx: CheckContext, id: number, name: string, key?: string) {
  return ctx.send({ method: 'POST', path: `/flows/${id}/${name}`, key: key ?? (await ctx.keyFor('write')), body: {} });
}

export async function readFlow(ctx: CheckContext, id: number, what: string, key?: string) {
  const response = await ctx.send({ path: `/flows/${id}`, ...(key ? { key } : {}) });
  expectStatus(response, 200, what);
  return expectShape(readData(response, what), Flow, 'flow (2.10)', response);
}

/** Pauses (when active) and deletes a flow the kit made. */
export async function retire(ctx: CheckContext, id: number, key?: string): Promise<void> {
  const writer = key ?? (await ctx.keyFor('write'));
  await ctx.send({ method: 'POST', path: `/flows/${id}/pause`, key: writer, body: {} });
  const removed = await ctx.send({ method: 'DELETE', path: `/flows/${id}`, key: writer });
  if (removed.status === 200 || removed.status === 404) ctx.ledger.forget('flow', id);
}

/** Room for `flows` more flows (and `active` more active ones) in the account, else skip. */
export async function requireRoom(ctx: CheckContext, catalogue: Catalogue, flows: number, active = 0): Promise<void> {
  const { live } = catalogue;
  if (live.flows.length + flows > live.flow_limit) ctx.skip('plan_limit_reached', `the account holds ${live.flows.length} of ${live.flow_limit} flows`);
  if (live.active_flows.count + active > live.active_flows.limit) ctx.skip('plan_limit_reached', `${live.active_flows.count} of ${live.active_flows.limit} flows are active`);
}

export const word = (ctx: CheckContext, hint: string) => ctx.name(hint).slice(0, 50);
