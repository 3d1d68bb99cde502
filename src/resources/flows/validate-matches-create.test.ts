/**
 * POST /flows/validate refuses what POST /flows refuses (docs/decisions.md, "Validate refuses what
 * create refuses (audit 6, K1, K3)"): the caller's plan node cap, and a set_custom_field value that
 * does not fit its field's type by the rule PATCH /contacts applies. Both runtimes.
 */
import { expect, it } from 'vitest';
import { data, errorOf, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes, type RuntimeApi } from '../../../test/support/runtimes.js';

/** A dm keyword flow of `count` nodes: the trigger and a chain of messages. */
function chain(count: number, keyword: string): Json {
  const nodes: Json[] = [{ id: '1', type: 'trigger', config: {} }];
  const edges: Json[] = [];
  for (let i = 2; i <= count; i++) {
    nodes.push({ id: String(i), type: 'message', config: { text: `step ${i}` } });
    edges.push({ from: String(i - 1), to: String(i) });
  }
  return { trigger: { source: 'dm', keywords: [keyword] }, nodes, edges };
}

/** dm keyword -> set_custom_field (node "2") -> message. */
function setsField(keyword: string, fieldKey: string, fieldValue: unknown): Json {
  return {
    trigger: { source: 'dm', keywords: [keyword] },
    nodes: [
      { id: '1', type: 'trigger', config: {} },
      { id: '2', type: 'action', config: { action_type: 'set_custom_field', field_key: fieldKey, field_value: fieldValue } },
      { id: '3', type: 'message', config: { text: 'saved' } },
    ],
    edges: [
      { from: '1', to: '2' },
      { from: '2', to: '3' },
    ],
  };
}

describeRuntimes('flows: validate refuses what create refuses', (api) => {
  const keyOf = (plan: string): string => {
    const key = api().accounts.find((account) => account.plan === plan)?.keys.full;
    if (key === undefined) throw new Error(`the seed has no ${plan} account with a full key`);
    return key;
  };
  const validate = (definition: Json, key: string) => api().call({ method: 'POST', path: '/flows/validate', key, body: { definition, channels: ['instagram'] } });
  const create = (definition: Json, key: string) => api().call({ method: 'POST', path: '/flows', key, body: { name: 'Checked', definition, channels: ['instagram'] } });
  const errorCodes = (errors: readonly Json[]) => errors.map((error) => error['code']);

  /** validate's verdict and create's status agree; the errors are the same list. */
  async function agree(definition: Json, key: string): Promise<{ valid: boolean; errors: Json[] }> {
    const verdict = data<{ valid: boolean; errors: Json[] }>(await validate(definition, key));
    const created = await create(definition, key);
    expect(created.status).toBe(verdict.valid ? 201 : 422);
    if (!verdict.valid) expect(errorOf(created)).toMatchObject({ code: 'invalid_definition', errors: verdict.errors });
    return verdict;
  }

  it.each([
    ['free', 10],
    ['creator', 30],
  ])('K1: on the %s plan, %i nodes are valid on both; one more is node_limit on both', async (plan, limit) => {
    const key = keyOf(plan);
    const live = data<{ live: { node_limit: number } }>(await api().call({ path: '/flows/nodes', key })).live;
    expect(live.node_limit).toBe(limit);
    // The seed fills the flow cap of small plans: make room for the one create that succeeds.
    for (const flow of data<Json[]>(await api().call({ path: '/flows', key, query: { limit: 100 } }))) {
      await api().call({ method: 'DELETE', path: `/flows/${String(flow['id'])}`, key });
    }
    expect((await agree(chain(limit, 'atcap'), key)).valid).toBe(true);
    const over = await agree(chain(limit + 1, 'overcap'), key);
    expect(over.valid).toBe(false);
    expect(errorCodes(over.errors)).toEqual(['node_limit']);
    expect(over.errors[0]).toMatchObject({ path: 'definition.nodes', message: expect.stringContaining(`the plan allows ${limit}`) });
  });

  it('K1: the cap is the caller’s plan: the same 11 nodes are valid for business', async () => {
    expect((await agree(chain(11, 'eleven'), keyOf('business'))).valid).toBe(true);
  });

  // Business seed: shoe_size number, birthday date, preferred_store text, loyalty_member boolean.
  it.each([
    ['number', 'shoe_size', 44, '44'],
    ['number', 'shoe_size', 42.5, 'abc'],
    ['number', 'shoe_size', 0, true],
    ['date', 'birthday', '1990-05-17', '1990-02-30'],
    ['date', 'birthday', '2024-02-29', 19900517],
    ['text', 'preferred_store', 'Oslo', 44],
    ['text', 'preferred_store', '', false],
    ['boolean', 'loyalty_member', true, 'true'],
    ['boolean', 'loyalty_member', false, 0],
  ])('K3: a %s field (%s) takes %j, refuses %j naming node "2" and field_value', async (_type, field, fits, misfits) => {
    const key = keyOf('business');
    expect(await agree(setsField('fits', field, fits), key)).toMatchObject({ valid: true, errors: [] });
    const refused = await agree(setsField('misfits', field, misfits), key);
    expect(refused.valid).toBe(false);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        code: 'field_type_mismatch',
        node_id: '2',
        key: 'field_value',
        path: 'definition.nodes[1].config.field_value',
        message: expect.stringContaining(`custom field "${field}"`),
      }),
    ]);
  });

  it('K3: PATCH and publish refuse a misfit too, so no version can hold one', async () => {
    const key = keyOf('business');
    const created = data(await create(setsField('patchme', 'shoe_size', 44), key));
    const id = String(created['id']);
    const patched = await api().call({ method: 'PATCH', path: `/flows/${id}`, key, body: { definition: setsField('patchme', 'shoe_size', '44') } });
    expect(patched.status).toBe(422);
    expect(errorOf(patched)).toMatchObject({ code: 'invalid_definition', errors: [expect.objectContaining({ code: 'field_type_mismatch', node_id: '2' })] });
    const activated = await api().call({ method: 'POST', path: `/flows/${id}/activate`, key, body: {} });
    expect(activated.status).toBe(200);
    expect(data(activated)).toMatchObject({ status: 'active', published_version: 1 });
  });

  it('K3: a published version from older state holding "44" runs, saves nothing, and cannot be activated again until fixed', async () => {
    const key = keyOf('business');
    const id = data(await create(setsField('grebe', 'shoe_size', 44), key))['id'] as number;
    expect((await api().call({ method: 'POST', path: `/flows/${id}/activate`, key, body: {} })).status).toBe(200);
    // A state saved before the check existed: restores check a definition's shape, not its references.
    const state = JSON.parse(JSON.stringify(api().sim.snapshot())) as { store: { collections: Record<string, Json[]> } };
    const version = state.store.collections['flow_versions']!.find((record) => record['flow_id'] === id)!;
    const nodes = (version['definition'] as { nodes: { config: Json }[] }).nodes;
    nodes[1]!.config['field_value'] = '44';
    api().sim.restore(state as unknown as Parameters<RuntimeApi['sim']['restore']>[0]);

    const inbound = await api().call({ method: 'POST', path: '/_sandbox/inbound', key, body: { channel: 'instagram', platform_user_id: 'ig_grebe', text: 'grebe' } });
    expect(inbound.status).toBeLessThan(300);
    const contacts = data<Json[]>(await api().call({ path: '/contacts', key, query: { limit: 100 } }));
    const grebe = contacts.find((contact) => JSON.stringify(contact).includes('ig_grebe'));
    expect(grebe).toBeDefined();
    expect(grebe!['custom_fields']).not.toHaveProperty('shoe_size');
    const sessions = data<Json[]>(await api().call({ path: '/flow-sessions', key, query: { flow_id: id } }));
    expect(sessions).toEqual([expect.objectContaining({ status: 'completed' })]);

    expect((await api().call({ method: 'POST', path: `/flows/${id}/pause`, key, body: {} })).status).toBe(200);
    const again = await api().call({ method: 'POST', path: `/flows/${id}/activate`, key, body: {} });
    expect(again.status).toBe(422);
    expect(errorOf(again)).toMatchObject({ code: 'invalid_definition', errors: [expect.objectContaining({ code: 'field_type_mismatch', node_id: '2', key: 'field_value' })] });
  });
});
