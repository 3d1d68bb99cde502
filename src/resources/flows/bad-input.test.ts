/**
 * Bad definitions over HTTP: huge, cyclic, deeply nested, duplicate ids, edges to nowhere,
 * non-string ids. POST /flows answers 422 invalid_definition (or 400 for the body itself) with a
 * precise error list, POST /flows/validate answers 200 {valid: false}, both in bounded time, and
 * nothing is ever a 5xx or half-written. Both runtimes.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { bigGraph, data, errorOf, leadCapture, list, type Graph, type Json } from '../../../test/support/flow-graphs.js';
import { describeRuntimes } from '../../../test/support/runtimes.js';

/** A definition given as JSON text: nested deeper than JSON.stringify can write. */
class RawJson {
  constructor(readonly text: string) {}
}
const nested = (depth: number): string => `${'{"deeper":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;

/** The request body with these fields and the definition (as text when it is raw). */
function bodyWith(fields: Json, definition: unknown): unknown {
  if (!(definition instanceof RawJson)) return { ...fields, definition };
  return `{${Object.entries(fields).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)},`).join('')}"definition":${definition.text}}`;
}

const cases: [string, () => unknown, string[]][] = [
  ['thousands of nodes (past the plan cap)', () => bigGraph(3_000), ['node_limit']],
  ['a loop that never waits', () => {
    const graph = leadCapture('loop');
    graph.nodes.push({ id: '5', type: 'action', config: { action_type: 'mark_lead' } });
    graph.edges.push({ from: '4', to: '5' }, { from: '5', to: '4' });
    return graph;
  }, ['instant_loop']],
  ['a config nested 50,000 deep', () => {
    const graph = leadCapture('deep');
    graph.nodes[3] = { id: '4', type: 'message', config: { text: '@deep@' } };
    return new RawJson(JSON.stringify(graph).replace('"@deep@"', nested(50_000)));
  }, ['invalid_config']],
  ['duplicate node ids', () => {
    const graph = leadCapture('dup');
    graph.nodes.push({ ...graph.nodes[1]! });
    return graph;
  }, ['duplicate_node_id']],
  ['edges to nowhere', () => {
    const graph = leadCapture('nowhere');
    graph.edges.push({ from: '4', to: 'void' });
    return graph;
  }, ['unknown_node']],
  ['non-string ids', () => {
    const graph = leadCapture('ids') as Graph;
    graph.nodes[1] = { ...graph.nodes[1]!, id: 2 };
    graph.edges[0] = { from: 1, to: 2 };
    return graph;
  }, ['invalid_node_id', 'invalid_shape', 'unknown_node', 'unreachable']],
  ['a definition that is a string', () => 'flow', ['invalid_shape']],
  ['a definition of the wrong shape', () => ({ trigger: [], nodes: 5, edges: null, extra: true }), ['invalid_shape']],
];

describeRuntimes('bad definitions', (api) => {
  const full = () => api().keys.full!;

  it.each(cases)('%s: 422 invalid_definition naming the problem; validate says why with 200', async (_label, build, expected) => {
    const definition = build();
    const before = list(await api().call({ path: '/flows', key: full(), query: { limit: 100 } })).length;
    const created = await api().call({ method: 'POST', path: '/flows', key: full(), body: bodyWith({ name: 'bad' }, definition) });
    const checked = await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: bodyWith({}, definition) });
    expect(created.status).toBe(422);
    const error = errorOf(created);
    expect(error.code).toBe('invalid_definition');
    const codes = new Set(error.errors!.map((e) => e['code']));
    for (const code of expected) expect(codes, code).toContain(code);
    for (const issue of error.errors!) expect(issue['path'], JSON.stringify(issue)).toMatch(/^(definition|channels)/);
    expect(checked.status).toBe(200);
    expect(data<Json>(checked)).toMatchObject({ valid: false });
    expect((data<Json>(checked)['errors'] as Json[]).map((e) => e['code'])).toEqual(error.errors!.map((e) => e['code']));
    expect(list(await api().call({ path: '/flows', key: full(), query: { limit: 100 } }))).toHaveLength(before);
  });

  it('a body that is not JSON is 400 invalid_json; a definition too big for the body limit is 413', async () => {
    const broken = await api().call({ method: 'POST', path: '/flows', key: full(), body: '{"name":"x","definition":{' });
    expect(errorOf(broken).code).toBe('invalid_json');
    const huge = await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: { definition: bigGraph(30_000) } });
    expect(huge.status).toBe(413);
    expect(errorOf(huge).code).toBe('payload_too_large');
  });

  it('validate: a missing definition, unknown channels and strange ids are answered, never thrown', async () => {
    expect(data(await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: {} }))).toMatchObject({
      valid: false,
      errors: [expect.objectContaining({ code: 'invalid_shape', path: 'definition' })],
    });
    // "Always 200" (4.7, audit 12b B1): what POST /flows would refuse with 400 is an error of the answer.
    for (const channels of [['fax'], [], 'facebook', [1], Array(7).fill('facebook')]) {
      const answer = await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: { definition: leadCapture('a'), channels } });
      expect(answer.status, JSON.stringify(channels)).toBe(200);
      expect(data(answer)).toMatchObject({ valid: false, errors: [expect.objectContaining({ code: 'invalid_channels', path: 'channels', node_id: null })] });
    }
    // A flow_id that names no flow of the account (another account's included) is a warning: checked as a new flow.
    const foreign = list(await api().call({ path: '/flows', key: api().accounts[1]!.keys.read! }))[0]!['id'];
    for (const flowId of [foreign, 999_999, 'abc', -1, 1.5]) {
      const answer = await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: { definition: leadCapture('a'), flow_id: flowId } });
      expect(answer.status).toBe(200);
      expect(data(answer)).toMatchObject({ valid: true, errors: [], warnings: expect.arrayContaining([expect.objectContaining({ code: 'invalid_flow_id', path: 'flow_id' })]) });
    }
    // Keys the route does not read are ignored, and said once.
    const extra = await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: { definition: leadCapture('a'), name: 'My flow', status: 'active' } });
    expect(extra.status).toBe(200);
    expect(data(extra)).toMatchObject({ valid: true, warnings: [expect.objectContaining({ code: 'unknown_field', path: 'name', message: expect.stringContaining('"name", "status"') })] });
    // Any JSON object at all is answered 200 with a result, never a 4xx or 5xx (fast-check).
    const field = fc.oneof(fc.constantFrom('definition', 'channels', 'flow_id'), fc.string({ maxLength: 12 }));
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(leadCapture('fz')), fc.array(fc.constantFrom('facebook', 'instagram', 'whatsapp', 'sms', 'fax')));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, value, { maxKeys: 5 }), async (body) => {
        const answer = await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: JSON.stringify(body) });
        expect(answer.status, JSON.stringify(body).slice(0, 300)).toBe(200);
        const result = data(answer);
        expect(typeof result['valid']).toBe('boolean');
        expect(Array.isArray(result['errors']) && Array.isArray(result['warnings'])).toBe(true);
        expect(result['valid']).toBe((result['errors'] as unknown[]).length === 0);
      }),
      { numRuns: 60 },
    );
    // PATCH with `definition: null` is refused as POST refuses it, and writes nothing (audit 12h H1).
    const flows = list(await api().call({ path: '/flows', key: full() }));
    const target = flows[0]!['id'] as number;
    const before = data(await api().call({ path: `/flows/${target}`, key: full() }));
    const nulled = await api().call({ method: 'PATCH', path: `/flows/${target}`, key: full(), body: { definition: null } });
    expect(nulled.status).toBe(422);
    expect(errorOf(nulled).code).toBe('invalid_definition');
    expect(data(await api().call({ path: `/flows/${target}`, key: full() }))).toEqual(before);
    const posted = await api().call({ method: 'POST', path: '/flows', key: full(), body: { name: 'null graph', definition: null } });
    expect([posted.status, errorOf(posted).code]).toEqual([422, 'invalid_definition']);
    // A JSON value that is not an object is a malformed request, as on every route.
    const array = await api().call({ method: 'POST', path: '/flows/validate', key: full(), body: '[]' });
    expect(array.status).toBe(400);
    expect(errorOf(array)).toMatchObject({ code: 'invalid_param', param: 'body' });
  });
});
