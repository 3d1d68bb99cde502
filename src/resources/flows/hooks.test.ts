/**
 * The hooks the flows group offers, answered by a stand-in group composed here (as the groups of
 * issues 15, 16, 18 and 19 will, without editing this folder): services and comment triggers for
 * references and the catalogue's `live`, an activation guard (409 flow_blocked), session
 * cancelling on pause and clean-up on delete.
 */
import { describe, expect, it } from 'vitest';
import { data, errorOf, leadCapture, list, type Json } from '../../../test/support/flow-graphs.js';
import { testSimulator } from '../../../test/support/simulator.js';
import { ApiError } from '../../core/errors.js';
import { defineGroup } from '../../groups/define.js';
import { registry } from '../index.js';
import { flowsGroup } from './index.js';

const calls: string[] = [];

const standIn = defineGroup({
  name: 'standIn',
  description: 'Answers the flows hooks the way later groups will.',
  needs: [flowsGroup],
  model: () => ({}),
  listen: ({ on }) => {
    on.flows.references.add((accountId) =>
      accountId === 1 ? { services: [{ id: 41, name: 'Stand-in fitting', duration_minutes: 30 }], comment_triggers: [{ id: 77, name: 'Giveaway', active: true }] } : {},
    );
    on.flows.activationGuard.add((_accountId, _flowId, definition) =>
      definition.trigger.source === 'comment' ? new ApiError('flow_blocked', 'Comment trigger 77 already starts another active flow.') : undefined,
    );
    on.flows.flowPaused.add((_accountId, flowId) => {
      calls.push(`paused ${flowId}`);
      return 3;
    });
    on.flows.flowDeleted.add((_accountId, flowId) => void calls.push(`deleted ${flowId}`));
  },
});

function setup() {
  calls.length = 0;
  return testSimulator({ groups: [...registry, standIn] });
}

describe('the flows hooks', () => {
  it('references: provided services and comment triggers are in live and may be named', async () => {
    const { sim, keys } = setup();
    const { live } = data<{ live: Json }>(await sim.request({ path: '/flows/nodes', key: keys.read }));
    expect(live).toMatchObject({ services: expect.arrayContaining([{ id: 41, name: 'Stand-in fitting', duration_minutes: 30 }]), comment_triggers: expect.arrayContaining([{ id: 77, name: 'Giveaway', active: true }]) });
    const booking = leadCapture('book');
    booking.nodes[2] = { id: '3', type: 'book_appointment', config: { service: 'Stand-in fitting' } };
    const validate = (definition: unknown, key = keys.write) => sim.request({ method: 'POST', path: '/flows/validate', key, body: { definition } });
    expect(data(await validate(booking))).toMatchObject({ valid: true });
    const linked = { ...leadCapture('c'), trigger: { source: 'comment', comment_trigger_id: 77 } };
    expect(data(await validate(linked))).toMatchObject({ valid: true });
    // Another account has neither.
    const other = testSimulator().accounts[1]!.keys.write!;
    expect(data<Json>(await validate(booking, other))['errors']).toEqual([expect.objectContaining({ code: 'unknown_service' })]);
  });

  it('without a provider the lists are empty and such references are not found', async () => {
    const { sim, keys } = testSimulator();
    const linked = { ...leadCapture('c'), trigger: { source: 'comment', comment_trigger_id: 77 } };
    const result = data<Json>(await sim.request({ method: 'POST', path: '/flows/validate', key: keys.write, body: { definition: linked } }));
    expect(result['errors']).toEqual([expect.objectContaining({ code: 'unknown_comment_trigger', node_id: '1', key: 'comment_trigger_id' })]);
  });

  it('activationGuard: a refusal is the answer of activate (409 flow_blocked), and nothing changes', async () => {
    const { sim, keys } = setup();
    const linked = { ...leadCapture('c'), trigger: { source: 'comment', comment_trigger_id: 77 } };
    const id = data(await sim.request({ method: 'POST', path: '/flows', key: keys.full, body: { name: 'Giveaway', definition: linked } }))['id'];
    for (const action of ['activate', 'publish']) {
      const refused = await sim.request({ method: 'POST', path: `/flows/${id}/${action}`, key: keys.full, body: {} });
      expect(refused.status, action).toBe(409);
      expect(errorOf(refused).code).toBe('flow_blocked');
    }
    expect(data(await sim.request({ path: `/flows/${id}`, key: keys.full }))).toMatchObject({ status: 'draft', published_version: null });
  });

  it('flowPaused: listeners cancel sessions and the event counts them; flowDeleted: listeners clean up', async () => {
    const { sim, keys, accounts } = setup();
    const active = list(await sim.request({ path: '/flows', key: keys.read, query: { status: 'active' } }))[0]!['id'] as number;
    await sim.request({ method: 'POST', path: `/flows/${active}/pause`, key: keys.full, body: {} });
    expect(sim.sandbox.events(accounts[0]!.id, { type: 'flow.paused' }).at(-1)!.data).toMatchObject({ sessions_cancelled: 3 });
    await sim.request({ method: 'DELETE', path: `/flows/${active}`, key: keys.full });
    expect(calls).toEqual([`paused ${active}`, `deleted ${active}`]);
  });
});
