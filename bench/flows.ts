/**
 * Flow validation is linear in the graph (issue 17): the validator on 1,000 to 10,000 nodes (the
 * cost per node must stay flat: the 10,000-node figure is within 2x of the 1,000-node one per
 * node), and POST /flows/validate end to end in process on 10,000 nodes (JSON in, every rule,
 * JSON out). The graphs mix every kind of node, branches, joins and loops through waiting nodes,
 * so reachability, the port checks and the loop search all do real work.
 */
import { silentLogger } from '../src/core/logger.js';
import { bodyToJson } from '../src/core/wire-json.js';
import type { ReferenceLookup } from '../src/resources/flows/definition.js';
import { validateDefinition } from '../src/resources/flows/validate.js';
import { createSimulator } from '../src/simulator.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

const SIZES = [1_000, 5_000, 10_000];
const ROUNDS = Number(process.env['BENCH_FLOW_ROUNDS'] ?? 9);
const TARGET_MS = 250;
const MAX_PER_NODE_RATIO = 2;

type Json = Record<string, unknown>;

/**
 * `count` nodes in blocks of six: ask, branch on the answer, two messages that join, a wait, and
 * an action that loops back to the block's question every fourth block (through the wait).
 */
function graph(count: number): Json {
  const nodes: Json[] = [{ id: '1', type: 'trigger', config: {} }];
  const edges: Json[] = [];
  let tail = '1';
  for (let block = 0; nodes.length + 6 <= count; block++) {
    const id = (n: number) => `b${block}_${n}`;
    nodes.push(
      { id: id(1), type: 'collect_input', config: { question: `Question ${block}?`, input_type: 'text', variable_name: 'answer' } },
      { id: id(2), type: 'condition', config: { rules: [{ type: 'variable_equals', variable: 'answer', value: 'yes' }, { type: 'channel_is', channel: 'instagram' }] } },
      { id: id(3), type: 'message', config: { text: 'You said {answer}', buttons: [{ type: 'postback', title: 'More' }, { type: 'url', title: 'Site', url: 'https://shop.example.test' }] } },
      { id: id(4), type: 'message', config: { text: 'Noted, {first_name}.' } },
      { id: id(5), type: 'delay', config: { duration: 5, unit: 'minutes' } },
      { id: id(6), type: 'action', config: { action_type: 'mark_lead' } },
    );
    edges.push(
      { from: tail, to: id(1) },
      { from: id(1), to: id(2) },
      { from: id(1), from_port: 'output_2', to: id(4) },
      { from: id(2), to: id(3) },
      { from: id(2), from_port: 'output_2', to: id(4) },
      { from: id(2), from_port: 'output_else', to: id(5) },
      { from: id(3), to: id(5) },
      { from: id(4), to: id(5) },
      { from: id(5), to: id(6) },
    );
    if (block % 4 === 3) edges.push({ from: id(3), from_port: 'output_timeout', to: id(1) });
    tail = id(6);
  }
  while (nodes.length < count) {
    const id = `tail_${nodes.length}`;
    nodes.push({ id, type: 'action', config: { action_type: 'mark_lead' } });
    edges.push({ from: tail, to: id });
    tail = id;
  }
  return { trigger: { source: 'dm', keywords: ['bench'] }, nodes, edges };
}

const lookup: ReferenceLookup = { tag: () => true, customField: () => undefined, service: () => false, flow: () => undefined, commentTrigger: () => false, starter: () => true };

function timeValidator(definition: Json, nodes: number): number {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    collectGarbage();
    const started = performance.now();
    const result = validateDefinition(definition, { channels: ['facebook', 'instagram'], nodeLimit: nodes, lookup });
    samples.push(performance.now() - started);
    if (result.errors.length > 0) throw new Error(`bench graph of ${nodes} nodes is invalid: ${result.errors[0]!.message}`);
  }
  return median(samples);
}

async function timeEndToEnd(definition: Json): Promise<{ ms: number; bytes: number }> {
  const body = JSON.stringify({ definition });
  const sim = createSimulator({ rateLimit: 'off', logger: silentLogger, maxBodyBytes: 64 * 1024 * 1024 });
  const key = sim.accounts[0]!.keys.full!;
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    collectGarbage();
    const started = performance.now();
    const response = await sim.handle({ method: 'POST', path: '/api/v1/flows/validate', headers: { 'X-Service-Api-Key': key }, body });
    bodyToJson(response.body);
    samples.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`POST /flows/validate answered ${response.status}`);
  }
  sim.close();
  return { ms: median(samples), bytes: body.length };
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const perNode = new Map<number, number>();
  timeValidator(graph(2_000), 2_000); // warm the JIT, so the first size does not pay for it
  for (const size of SIZES) {
    const ms = timeValidator(graph(size), size);
    perNode.set(size, (ms * 1000) / size);
    rows.push({
      name: `flows: validate ${size.toLocaleString('en-US')} nodes`,
      value: round(ms),
      unit: 'ms',
      ...(size === 10_000 ? { target: `< ${TARGET_MS} ms`, pass: ms < TARGET_MS } : {}),
      note: `validator alone, median of ${ROUNDS}; ${round((ms * 1000) / size, 2)} µs per node`,
    });
  }
  const small = perNode.get(SIZES[0]!)!;
  const large = perNode.get(10_000)!;
  rows.push({
    name: 'flows: cost per node, 10,000 vs 1,000 nodes',
    value: round(large, 2),
    unit: 'µs/node',
    baseline: round(small, 2),
    ratio: round(large / small, 2),
    target: `<= ${MAX_PER_NODE_RATIO}x (linear)`,
    pass: large / small <= MAX_PER_NODE_RATIO,
  });
  const endToEnd = await timeEndToEnd(graph(10_000));
  rows.push({
    name: 'flows: POST /flows/validate, 10,000 nodes',
    value: round(endToEnd.ms),
    unit: 'ms',
    target: `< ${TARGET_MS * 2} ms`,
    pass: endToEnd.ms < TARGET_MS * 2,
    note: `in process, ${(endToEnd.bytes / 1024 / 1024).toFixed(1)} MiB body (body limit raised), node cap answered as an error after every rule ran; median of ${ROUNDS}`,
  });
  return rows;
}
