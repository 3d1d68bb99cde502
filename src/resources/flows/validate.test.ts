/**
 * The validator alone (2.10 structural rules, node configs, channels, references, warnings, bad
 * input), as a pure function: every error names its node and, where it has one, its port or key.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bigGraph, leadCapture, triggerNode, type Graph, type Json } from '../../../test/support/flow-graphs.js';
import { MAX_LISTED_ISSUES } from './issues.js';
import type { ReferenceLookup, ValidationContext } from './definition.js';
import { validateDefinition } from './validate.js';

const FIELDS: Record<string, { type: 'text' | 'number' | 'date' | 'boolean'; archived: boolean }> = {
  shoe_size: { type: 'number', archived: false },
  company: { type: 'text', archived: false },
  legacy: { type: 'text', archived: true },
};
const lookup: ReferenceLookup = {
  tag: (name) => name === 'vip',
  customField: (key) => FIELDS[key],
  service: (name) => name === 'Haircut',
  flow: (id) => (id === 7 ? { status: 'active' } : id === 8 ? { status: 'paused' } : undefined),
  commentTrigger: (id) => id === 3,
  starter: (question) => question === 'What are your hours?',
};
const ctx: ValidationContext = { channels: ['facebook', 'instagram'], nodeLimit: 50, lookup, flowId: 9 };

const validate = (definition: unknown, over: Partial<ValidationContext> = {}) => validateDefinition(definition, { ...ctx, ...over });
const codes = (definition: unknown, over: Partial<ValidationContext> = {}) => validate(definition, over).errors.map((error) => error.code);
const warningCodes = (definition: unknown) => validate(definition).warnings.map((warning) => warning.code);

/** leadCapture with one node replaced or added (by id) and extra edges. */
function withNode(node: Json, edges: Graph['edges'] = []): Graph {
  const graph = leadCapture('hello');
  const nodes = graph.nodes.filter((existing) => existing.id !== node['id']);
  return { ...graph, nodes: [...nodes, node as Graph['nodes'][number]], edges: [...graph.edges, ...edges] };
}

describe('a valid definition', () => {
  it('has no errors and comes back normalized: ports explicit, config defaults filled', () => {
    const result = validate(leadCapture('hello'));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.definition!.edges[0]).toEqual({ from: '1', from_port: 'output_1', to: '2' });
    expect(result.definition!.trigger).toEqual({ source: 'dm', keywords: ['hello'], match_type: 'exact' });
    expect(result.definition!.nodes[1]!.config).toMatchObject({ max_retries: 2 });
  });

  it('keeps layout (position, label) but nothing unknown', () => {
    const graph = leadCapture('hello');
    graph.nodes[1] = { ...graph.nodes[1]!, position: { x: 10, y: 20 }, label: 'Ask' };
    expect(validate(graph).definition!.nodes[1]).toMatchObject({ position: { x: 10, y: 20 }, label: 'Ask' });
  });
});

describe('shape', () => {
  it.each([['a string', 'flow'], ['null', null], ['an array', []], ['a number', 5]])('refuses %s as the definition', (_label, value) => {
    expect(validate(value).errors).toEqual([expect.objectContaining({ code: 'invalid_shape', path: 'definition', node_id: null })]);
  });

  it('names unknown keys, non-array nodes and edges', () => {
    expect(validate({ ...leadCapture('a'), extra: 1 }).errors).toEqual([expect.objectContaining({ code: 'invalid_shape', key: 'extra' })]);
    expect(codes({ trigger: { source: 'dm', keywords: ['a'] }, nodes: {}, edges: 'x' })).toEqual(['invalid_shape', 'invalid_shape']);
  });

  it('names a node that is not an object, a non-string or malformed id, an unknown type or key', () => {
    const graph = leadCapture('a');
    graph.nodes.push(5 as never, { id: 7, type: 'message' }, { id: 'a b', type: 'message' }, { id: 'x', type: 'teleport' }, { id: 'y', type: 'action', config: { action_type: 'mark_lead' }, colour: 'red' });
    const errors = validate(graph).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'invalid_shape', path: 'definition.nodes[4]' }),
        expect.objectContaining({ code: 'invalid_node_id', path: 'definition.nodes[5].id', message: expect.stringContaining('must be a string, not number') }),
        expect.objectContaining({ code: 'invalid_node_id', path: 'definition.nodes[6].id' }),
        expect.objectContaining({ code: 'unknown_node_type', node_id: 'x', key: 'type' }),
        expect.objectContaining({ code: 'invalid_shape', node_id: 'y', key: 'colour' }),
      ]),
    );
  });

  it('names the second of two nodes with one id', () => {
    const graph = leadCapture('a');
    graph.nodes.push({ id: '3', type: 'message', config: { text: 'again' } });
    expect(validate(graph).errors).toEqual([expect.objectContaining({ code: 'duplicate_node_id', node_id: '3', path: 'definition.nodes[4].id' })]);
  });
});

describe('exactly one trigger with id "1"', () => {
  it('needs a trigger node', () => {
    const graph = leadCapture('a');
    graph.nodes = graph.nodes.slice(1);
    expect(codes(graph)).toContain('missing_trigger');
  });

  it('refuses a second trigger and a trigger with another id', () => {
    expect(codes(withNode({ id: '9', type: 'trigger' }, [{ from: '4', to: '9' }]))).toEqual(expect.arrayContaining(['multiple_triggers', 'trigger_id']));
    const moved = leadCapture('a');
    moved.nodes[0] = { id: 't', type: 'trigger', config: {} };
    moved.edges[0] = { from: 't', to: '2' };
    expect(validate(moved).errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'trigger_id', node_id: 't' })]));
  });

  it('refuses node "1" that is not the trigger', () => {
    const graph = leadCapture('a');
    graph.nodes[0] = { id: '1', type: 'message', config: { text: 'hi' } };
    expect(codes(graph)).toEqual(expect.arrayContaining(['missing_trigger', 'trigger_id']));
  });
});

describe('edges and ports', () => {
  it('defaults from_port to output_1', () => {
    expect(codes(leadCapture('a'))).toEqual([]);
  });

  it('names an edge to nowhere, from nowhere and one with non-string ends', () => {
    const graph = leadCapture('a');
    graph.edges.push({ from: '4', to: 'ghost' }, { from: 'ghost', to: '2' }, { from: 4, to: '2' });
    expect(validate(graph).errors).toEqual([
      expect.objectContaining({ code: 'unknown_node', key: 'to', node_id: '4', path: 'definition.edges[3].to' }),
      expect.objectContaining({ code: 'unknown_node', key: 'from', node_id: 'ghost' }),
      expect.objectContaining({ code: 'invalid_shape', key: 'from', path: 'definition.edges[5].from' }),
    ]);
  });

  it('collect_input has output_1 and output_2, nothing else', () => {
    const ok = withNode({ id: '5', type: 'message', config: { text: 'Sorry' } }, [{ from: '2', from_port: 'output_2', to: '5' }]);
    expect(codes(ok)).toEqual([]);
    const bad = withNode({ id: '5', type: 'message', config: { text: 'Sorry' } }, [{ from: '2', from_port: 'output_3', to: '5' }]);
    expect(validate(bad).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'unknown_port', node_id: '2', port: 'output_3', key: 'from_port', message: expect.stringContaining('output_1, output_2') })]),
    );
  });

  it('message: one port per postback button plus output_timeout; without postback buttons output_1 and output_timeout', () => {
    const buttons = [{ type: 'postback', title: 'A' }, { type: 'url', title: 'Site', url: 'https://shop.example.test' }, { type: 'postback', title: 'B' }];
    const graph = (port: string, withButtons: boolean) =>
      withNode({ id: '5', type: 'message', config: { text: 'Pick', ...(withButtons ? { buttons } : {}) } }, [
        { from: '4', to: '5' },
        { from: '5', from_port: port, to: '6' },
      ]);
    const add6 = (g: Graph) => ({ ...g, nodes: [...g.nodes, { id: '6', type: 'action', config: { action_type: 'mark_lead' } }] });
    const withoutMark = (g: Graph) => ({ ...g, nodes: g.nodes.filter((n) => n.id !== '3'), edges: g.edges.map((e) => (e.to === '3' ? { ...e, to: '4' } : e)).filter((e) => e.from !== '3') });
    for (const port of ['output_1', 'output_2', 'output_timeout']) expect(codes(withoutMark(add6(graph(port, true)))), port).toEqual([]);
    expect(codes(withoutMark(add6(graph('output_3', true))))).toEqual(['unknown_port', 'unreachable']);
    expect(codes(withoutMark(add6(graph('output_1', false))))).toEqual([]);
    expect(codes(withoutMark(add6(graph('output_timeout', false))))).toEqual([]);
    expect(codes(withoutMark(add6(graph('output_2', false))))).toEqual(['unknown_port', 'unreachable']);
  });

  it('condition: one port per rule plus output_else', () => {
    const rules = [{ type: 'has_tag', tag: 'vip' }, { type: 'channel_is', channel: 'instagram' }];
    const graph = (port: string) => {
      const g = withNode({ id: '5', type: 'condition', config: { rules } }, [
        { from: '4', to: '5' },
        { from: '5', from_port: port, to: '6' },
      ]);
      return { ...g, nodes: [...g.nodes, { id: '6', type: 'handoff', config: {} }] };
    };
    for (const port of ['output_1', 'output_2', 'output_else']) expect(codes(graph(port)), port).toEqual([]);
    expect(codes(graph('output_3'))).toEqual(['unknown_port', 'unreachable']);
  });

  it('a port leads to one node, and nothing leads into the trigger', () => {
    const graph = leadCapture('a');
    graph.edges.push({ from: '1', to: '3' }, { from: '4', to: '1' });
    expect(validate(graph).errors).toEqual([
      expect.objectContaining({ code: 'port_in_use', node_id: '1', port: 'output_1' }),
      expect.objectContaining({ code: 'edge_to_trigger', node_id: '1' }),
    ]);
  });
});

describe('reachability and loops', () => {
  it('names every node the trigger cannot reach', () => {
    const graph = withNode({ id: '5', type: 'message', config: { text: 'lost' } }, [{ from: '5', to: '6' }]);
    graph.nodes.push({ id: '6', type: 'action', config: { action_type: 'mark_lead' } });
    expect(validate(graph).errors).toEqual([
      expect.objectContaining({ code: 'unreachable', node_id: '5', path: 'definition.nodes[4]' }),
      expect.objectContaining({ code: 'unreachable', node_id: '6' }),
    ]);
  });

  it('refuses a loop that never waits, and accepts one through a node that waits', () => {
    const instant = withNode({ id: '5', type: 'action', config: { action_type: 'set_stage', stage: 'contacted' } }, [
      { from: '4', to: '5' },
      { from: '5', to: '4' },
    ]);
    expect(validate(instant).errors).toEqual([expect.objectContaining({ code: 'instant_loop', node_id: '4', message: expect.stringContaining('"4", "5"') })]);
    const waiting = leadCapture('a');
    waiting.edges.push({ from: '4', to: '2' });
    expect(codes(waiting)).toEqual([]);
    const self = withNode({ id: '5', type: 'condition', config: { rules: [{ type: 'has_tag', tag: 'vip' }] } }, [
      { from: '4', to: '5' },
      { from: '5', to: '5' },
    ]);
    expect(codes(self)).toEqual(['instant_loop']);
  });

  it('applies the node cap', () => {
    expect(validate(bigGraph(51), { nodeLimit: 50 }).errors).toEqual([expect.objectContaining({ code: 'node_limit', path: 'definition.nodes' })]);
    expect(codes(bigGraph(50), { nodeLimit: 50 })).toEqual([]);
  });
});

describe('configs', () => {
  it('collect_input requires question, input_type and variable_name, each named', () => {
    const errors = validate(withNode({ id: '2', type: 'collect_input', config: {} })).errors;
    expect(errors.map((error) => [error.code, error.node_id, error.key])).toEqual([
      ['invalid_config', '2', 'question'],
      ['invalid_config', '2', 'input_type'],
      ['invalid_config', '2', 'variable_name'],
    ]);
    expect(validate(withNode({ id: '2', type: 'collect_input', config: { question: 'Q', input_type: 'date', variable_name: 'v' } })).errors).toEqual([
      expect.objectContaining({ code: 'invalid_config', key: 'input_type', path: 'definition.nodes[3].config.input_type' }),
    ]);
  });

  it('names nested keys and unknown keys', () => {
    const graph = withNode({ id: '4', type: 'message', config: { text: 'x', buttons: [{ type: 'postback', title: 'x'.repeat(21) }], colour: 'red' } });
    expect(validate(graph).errors.map((error) => error.key)).toEqual(['buttons[0].title', 'colour']);
  });

  it('checks the trigger source and names node "1"', () => {
    expect(validate({ ...leadCapture('a'), trigger: { source: 'carrier_pigeon' } }).errors).toEqual([
      expect.objectContaining({ code: 'unknown_source', node_id: '1', key: 'source' }),
    ]);
    expect(validate({ ...leadCapture('a'), trigger: { source: 'dm', keywords: ['Hi', ' hi '] } }).errors).toEqual([
      expect.objectContaining({ code: 'invalid_config', node_id: '1', key: 'keywords', path: 'definition.trigger.keywords' }),
    ]);
    expect(validate({ ...leadCapture('a'), trigger: { source: 'dm' } }).errors).toEqual([expect.objectContaining({ key: 'keywords' })]);
  });

  it('comment: linked needs comment_trigger_id, native needs comment_keywords; mode is inferred', () => {
    const comment = (trigger: Json) => validate({ ...leadCapture('a'), trigger: { source: 'comment', ...trigger } });
    expect(comment({ comment_trigger_id: 3 }).definition!.trigger).toMatchObject({ mode: 'linked' });
    expect(comment({ comment_keywords: ['link'] }).definition!.trigger).toMatchObject({ mode: 'native', match_type: 'contains' });
    expect(comment({ mode: 'linked' }).errors.map((e) => e.key)).toEqual(['comment_trigger_id']);
    expect(comment({ mode: 'linked', comment_trigger_id: 3, comment_keywords: ['x'] }).errors.map((e) => e.key)).toEqual(['comment_keywords']);
    expect(comment({}).errors.map((e) => e.key)).toEqual(['comment_keywords']);
  });

  it('randomizer weights add up to 100; delays stay within 30 days', () => {
    const random = withNode({ id: '4', type: 'randomizer', config: { branches: [{ weight: 50 }, { weight: 40 }] } });
    expect(validate(random).errors).toEqual([expect.objectContaining({ code: 'invalid_config', key: 'branches' })]);
    expect(validate(withNode({ id: '4', type: 'delay', config: { duration: 31, unit: 'days' } })).errors).toEqual([expect.objectContaining({ key: 'duration' })]);
  });
});

describe('channels', () => {
  it('refuses a channel the source cannot fire on, naming it', () => {
    const story = { ...leadCapture('a'), trigger: { source: 'story_reply' } };
    expect(validate(story).errors).toEqual([expect.objectContaining({ code: 'channel_unsupported', path: 'channels[0]', node_id: '1', key: 'source' })]);
    expect(codes(story, { channels: ['instagram'] })).toEqual([]);
  });
});

describe('references', () => {
  const action = (config: Json) => withNode({ id: '3', type: 'action', config });

  it('tags, custom fields (active, of a fitting type), services, comment triggers and flows must exist', () => {
    expect(validate(action({ action_type: 'tag_conversation', tag_value: 'gold' })).errors).toEqual([
      expect.objectContaining({ code: 'unknown_tag', node_id: '3', key: 'tag_value' }),
    ]);
    expect(codes(action({ action_type: 'tag_conversation', tag_value: 'vip' }))).toEqual([]);
    expect(codes(action({ action_type: 'clear_custom_field', field_key: 'legacy' }))).toEqual(['unknown_custom_field']);
    expect(codes(action({ action_type: 'clear_custom_field', field_key: 'nope' }))).toEqual(['unknown_custom_field']);
    const save = (field: string, input: string) => withNode({ id: '2', type: 'collect_input', config: { question: 'Q', input_type: input, variable_name: 'email', save_to_field: field } });
    expect(codes(save('shoe_size', 'number'))).toEqual([]);
    expect(codes(save('shoe_size', 'email'))).toEqual(['field_type_mismatch']);
    expect(codes(save('company', 'number'))).toEqual([]);
    // set_custom_field: the value must fit the field by the contacts rule (no "44" into a number field).
    const set = (field: string, value: unknown) => action({ action_type: 'set_custom_field', field_key: field, field_value: value });
    expect(codes(set('shoe_size', 44))).toEqual([]);
    expect(validate(set('shoe_size', '44')).errors).toEqual([
      expect.objectContaining({ code: 'field_type_mismatch', node_id: '3', key: 'field_value', path: 'definition.nodes[3].config.field_value' }),
    ]);
    expect(codes(set('company', 44))).toEqual(['field_type_mismatch']);
    expect(codes(set('legacy', 'x'))).toEqual(['unknown_custom_field']);
    const book = (service?: string) => withNode({ id: '3', type: 'book_appointment', config: service === undefined ? {} : { service } });
    expect(codes(book('Haircut'))).toEqual([]);
    expect(codes(book('Massage'))).toEqual(['unknown_service']);
    expect(codes(book())).toEqual([]);
    const comment = (id: number) => ({ ...leadCapture('a'), trigger: { source: 'comment', comment_trigger_id: id } });
    expect(codes(comment(3))).toEqual([]);
    expect(validate(comment(4)).errors).toEqual([expect.objectContaining({ code: 'unknown_comment_trigger', node_id: '1', key: 'comment_trigger_id' })]);
    const goto = (flow: number) => withNode({ id: '5', type: 'goto_flow', config: { flow_id: flow } }, [{ from: '4', to: '5' }]);
    expect(codes(goto(7))).toEqual([]);
    expect(codes(goto(99))).toEqual(['unknown_flow']);
    expect(codes(goto(9))).toEqual(['goto_self']);
    expect(validate(goto(8)).warnings).toEqual([expect.objectContaining({ code: 'target_not_active', node_id: '5', key: 'flow_id' })]);
    // A conversation starter's question: a warning when none asks it, like target_not_active.
    const starter = (question: string) => ({ ...leadCapture('a'), trigger: { source: 'ice_breaker', question } });
    expect(validate(starter('What are your hours?')).warnings).toEqual([]);
    const unknown = validate(starter('Is parking free?'));
    expect(unknown.errors).toEqual([]);
    expect(unknown.warnings).toEqual([expect.objectContaining({ code: 'unknown_starter', path: 'definition.trigger.question', node_id: '1', key: 'question' })]);
  });
});

describe('warnings', () => {
  it('a dead end, an unused variable, an unknown placeholder', () => {
    const dead = withNode({ id: '5', type: 'delay', config: { duration: 1, unit: 'hours' } }, [{ from: '4', to: '5' }]);
    expect(warningCodes(dead)).toEqual(['dead_end']);
    const unused = leadCapture('a');
    unused.nodes[3] = { id: '4', type: 'message', config: { text: 'Thanks!' } };
    expect(validate(unused).warnings).toEqual([expect.objectContaining({ code: 'unused_variable', node_id: '2', key: 'variable_name' })]);
    const placeholder = leadCapture('a');
    placeholder.nodes[3] = { id: '4', type: 'message', config: { text: '{email} {first_name} {custom_fields.shoe_size} {custom_fields.legacy} {coupon}' } };
    expect(validate(placeholder).warnings.map((w) => w.message)).toEqual([expect.stringContaining('{custom_fields.legacy}'), expect.stringContaining('{coupon}')]);
  });

  it('never make a definition invalid', () => {
    expect(validate(withNode({ id: '5', type: 'delay', config: { duration: 1, unit: 'hours' } }, [{ from: '4', to: '5' }])).definition).toBeDefined();
  });
});

describe('bad input, bounded', () => {
  it('lists at most 100 errors, then says how many more', () => {
    const graph = leadCapture('a');
    for (let i = 0; i < 500; i++) graph.nodes.push({ id: `u${i}`, type: 'action', config: { action_type: 'mark_lead' } });
    const errors = validate(graph, { nodeLimit: 1000 }).errors;
    expect(errors).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(errors[MAX_LISTED_ISSUES]).toMatchObject({ code: 'too_many_errors', message: '400 more not listed.' });
  });

  it('refuses deeply nested configs at their first level, without recursing', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    let deepArray: unknown = [];
    for (let i = 0; i < 100_000; i++) deepArray = [deepArray];
    const graph = leadCapture('a');
    graph.nodes.push({ id: '5', type: 'message', config: { text: deep, buttons: deepArray, extra: deep } });
    graph.edges.push({ from: '4', to: '5' });
    // 100,000 levels would overflow the stack of any recursive walk: answering at all proves it.
    expect(validate(graph).errors.map((error) => error.key)).toEqual(['text', 'buttons[0]', 'extra']);
  });

  it('treats __proto__ and constructor as plain unknown keys', () => {
    const graph = JSON.parse(JSON.stringify(leadCapture('a')).replace('"config":{}', '"config":{"__proto__":{"x":1},"constructor":1}')) as Graph;
    expect(validate(graph).errors.map((error) => error.key)).toEqual(['__proto__', 'constructor']);
  });

  // Linear time is a benchmark, not a timed assertion: bench/flows.ts measures 1k-10k nodes.
  it('validates a 10,000-node graph of every kind of node without an error', () => {
    const graph = bigGraph(10_000);
    expect(graph.nodes).toHaveLength(10_000);
    expect(validate(graph, { nodeLimit: 10_000 }).errors).toEqual([]);
  });

  it('never throws, and always names a path, whatever arrives', () => {
    const valid = leadCapture('a');
    const mutated = fc.tuple(fc.constantFrom('trigger', 'nodes', 'edges'), fc.jsonValue({ maxDepth: 4 })).map(([key, value]) => ({ ...valid, [key]: value }));
    const nodeMutated = fc.tuple(fc.nat({ max: 3 }), fc.jsonValue({ maxDepth: 3 })).map(([i, value]) => {
      const nodes = [...valid.nodes];
      nodes[i] = value as never;
      return { ...valid, nodes };
    });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue(), mutated, nodeMutated), (input) => {
        const result = validate(input);
        for (const issue of [...result.errors, ...result.warnings]) expect(issue.path).toMatch(/^(definition|channels)/);
        if (result.errors.length === 0) expect(result.definition).toBeDefined();
      }),
      { numRuns: 500 },
    );
  });
});

describe('the trigger node itself', () => {
  it('takes no config keys', () => {
    const graph = leadCapture('a');
    graph.nodes[0] = { ...triggerNode, config: { keywords: ['x'] } };
    expect(validate(graph).errors).toEqual([expect.objectContaining({ code: 'invalid_config', node_id: '1', key: 'keywords' })]);
  });
});
