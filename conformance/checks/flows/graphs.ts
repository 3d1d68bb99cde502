/**
 * The kit's own reading of flow graphs (2.10): the catalogue as the target serves it, the ports a
 * node has (computed from the catalogue's `outputs`, never from the simulator's code), the
 * structural rules (exactly one trigger with id "1", every node reachable, ports that exist,
 * edges between existing nodes), and a fast-check generator of random graphs built from the
 * catalogue's node types and examples, each with the verdict those rules give.
 */
import fc from 'fast-check';
import { FlowCatalogue } from '../../../src/resources/flows/schemas.js';
import type { z } from 'zod';
import type { CheckContext } from '../../runner/check.js';
import { expectShape, expectStatus, readData } from '../../runner/expect.js';

export type Json = Record<string, unknown>;
export type Catalogue = z.infer<typeof FlowCatalogue>;
export type CatalogueNode = Catalogue['nodes'][number];

export interface KitNode {
  id: unknown;
  type: unknown;
  config?: unknown;
}
export interface KitEdge {
  from: unknown;
  to: unknown;
  from_port?: unknown;
}
export interface KitGraph {
  trigger: Json;
  nodes: KitNode[];
  edges: KitEdge[];
}

export async function readCatalogue(ctx: CheckContext, key?: string): Promise<Catalogue> {
  const response = await ctx.send({ path: '/flows/nodes', ...(key ? { key } : {}) });
  expectStatus(response, 200, 'GET /flows/nodes');
  return expectShape(readData(response, 'GET /flows/nodes'), FlowCatalogue, 'flow catalogue (4.7)', response);
}

/** A node's output ports for a config, as the catalogue's `outputs` describe them. */
export function portsOf(node: CatalogueNode, config: Json): string[] {
  const ports: string[] = [];
  let repeated = 0;
  for (const spec of node.outputs) {
    if (!spec.per) continue;
    const items = Array.isArray(config[spec.per]) ? (config[spec.per] as Json[]) : [];
    const counted = spec.where ? items.filter((item) => item['type'] === spec.where!.type) : items;
    repeated = counted.length;
    counted.forEach((_, i) => ports.push(spec.port.replace('{n}', String(i + 1))));
  }
  for (const spec of node.outputs) {
    if (spec.per || (spec.when === 'some' && repeated === 0) || (spec.when === 'none' && repeated > 0)) continue;
    if (!ports.includes(spec.port)) ports.push(spec.port);
  }
  return ports;
}

/**
 * The structural rules of 2.10 that a graph breaks, as the kit reads them (configs are taken as
 * valid: the generator only uses the catalogue's examples unless it breaks one on purpose).
 */
export function structuralViolations(graph: KitGraph, catalogue: Catalogue): string[] {
  const problems: string[] = [];
  const byType = new Map(catalogue.nodes.map((node) => [node.type as string, node]));
  const ids = new Map<string, KitNode>();
  for (const node of graph.nodes) {
    if (typeof node.id !== 'string') problems.push('a node id is not a string');
    else if (ids.has(node.id)) problems.push(`node id ${node.id} is used twice`);
    else ids.set(node.id, node);
    if (typeof node.type !== 'string' || !byType.has(node.type)) problems.push(`node type ${String(node.type)} is not in the catalogue`);
  }
  const triggers = graph.nodes.filter((node) => node.type === 'trigger');
  if (triggers.length !== 1) problems.push(`${triggers.length} trigger nodes`);
  if (ids.get('1')?.type !== 'trigger') problems.push('node "1" is not the trigger');
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) {
    const from = typeof edge.from === 'string' ? ids.get(edge.from) : undefined;
    const to = typeof edge.to === 'string' ? ids.get(edge.to) : undefined;
    if (!from || !to) {
      problems.push(`an edge joins ${String(edge.from)} to ${String(edge.to)}, not both nodes`);
      continue;
    }
    const port = edge.from_port ?? 'output_1';
    const spec = byType.get(from.type as string);
    if (spec && !portsOf(spec, (from.config ?? {}) as Json).includes(port as string)) problems.push(`node ${String(from.id)} has no port ${String(port)}`);
    next.set(edge.from as string, [...(next.get(edge.from as string) ?? []), edge.to as string]);
  }
  const seen = new Set<string>(['1']);
  const stack = ['1'];
  while (stack.length > 0) for (const to of next.get(stack.pop()!) ?? []) if (!seen.has(to)) (seen.add(to), stack.push(to));
  for (const id of ids.keys()) if (!seen.has(id)) problems.push(`node ${id} cannot be reached from the trigger`);
  return problems;
}

export type Fault = 'none' | 'unreachable' | 'unknown_port' | 'edge_to_nowhere' | 'duplicate_id' | 'non_string_id' | 'second_trigger' | 'trigger_id' | 'missing_required' | 'unknown_type';

export interface GeneratedGraph {
  readonly graph: KitGraph;
  readonly channels: readonly string[];
  readonly fault: Fault;
  /** What the kit expects: valid exactly when no rule is broken. */
  readonly valid: boolean;
  readonly violations: readonly string[];
}

export interface GraphInputs {
  readonly catalogue: Catalogue;
  /** A unique word for keyword sources and refs (the run prefix keeps it from colliding with real flows). */
  readonly word: string;
  /** A flow id goto_flow nodes can point at. */
  readonly gotoTarget: number;
}

const FAULTS: readonly Fault[] = ['unreachable', 'unknown_port', 'edge_to_nowhere', 'duplicate_id', 'non_string_id', 'second_trigger', 'trigger_id', 'missing_required', 'unknown_type'];

/** The trigger source with this run's word wherever the source matches on something. */
function triggerFor(source: Catalogue['sources'][number], word: string): Json {
  const trigger: Json = { source: source.source, ...source.example };
  for (const key of ['keywords', 'comment_keywords']) if (Array.isArray(trigger[key])) trigger[key] = [word];
  if (typeof trigger['ref'] === 'string') trigger['ref'] = word.slice(0, 50);
  return trigger;
}

export function arbGraph(inputs: GraphInputs): fc.Arbitrary<GeneratedGraph> {
  const { catalogue } = inputs;
  const sources = catalogue.sources.filter((source) => source.source !== 'comment' || source.example['comment_trigger_id'] === undefined);
  const types = catalogue.nodes.filter((node) => node.type !== 'trigger');
  return fc
    .record({
      source: fc.constantFrom(...sources),
      picks: fc.array(fc.record({ type: fc.constantFrom(...types), parent: fc.nat(), port: fc.nat() }), { maxLength: 6 }),
      fault: fc.oneof({ weight: 3, arbitrary: fc.constant<Fault>('none') }, { weight: 4, arbitrary: fc.constantFrom(...FAULTS) }),
      at: fc.nat(),
    })
    .map(({ source, picks, fault, at }) => {
      const nodes: KitNode[] = [{ id: '1', type: 'trigger', config: {} }];
      const edges: KitEdge[] = [];
      const used = new Set<string>();
      picks.forEach((pick, i) => {
        const id = `n${i + 2}`;
        const config = pick.type.type === 'goto_flow' ? { flow_id: inputs.gotoTarget } : structuredClone(pick.type.example);
        // Attach to an earlier node with a free port, so the graph stays acyclic and (unless a fault says otherwise) reachable.
        const parents = nodes.filter((node) => freePorts(node, catalogue, used).length > 0);
        nodes.push({ id, type: pick.type.type, config });
        if (parents.length === 0) return;
        const parent = parents[pick.parent % parents.length]!;
        const ports = freePorts(parent, catalogue, used);
        const port = ports[pick.port % ports.length]!;
        used.add(`${String(parent.id)}:${port}`);
        edges.push(port === 'output_1' && pick.port % 2 === 0 ? { from: parent.id, to: id } : { from: parent.id, from_port: port, to: id });
      });
      const graph: KitGraph = { trigger: triggerFor(source, inputs.word), nodes, edges };
      const applied = applyFault(graph, fault, at, catalogue);
      const violations = structuralViolations(graph, catalogue);
      return { graph, channels: source.channels, fault: applied, valid: violations.length === 0 && applied !== 'missing_required', violations };
    });
}

function freePorts(node: KitNode, catalogue: Catalogue, used: ReadonlySet<string>): string[] {
  const spec = catalogue.nodes.find((candidate) => candidate.type === node.type);
  return spec ? portsOf(spec, (node.config ?? {}) as Json).filter((port) => !used.has(`${String(node.id)}:${port}`)) : [];
}

/** Breaks one rule (when the graph has what the fault needs); returns the fault applied. */
function applyFault(graph: KitGraph, fault: Fault, at: number, catalogue: Catalogue): Fault {
  const others = graph.nodes.slice(1);
  const pick = <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[at % items.length]);
  switch (fault) {
    case 'unreachable': {
      const edge = pick(graph.edges);
      if (!edge) return 'none';
      graph.edges.splice(graph.edges.indexOf(edge), 1);
      return fault;
    }
    case 'unknown_port': {
      const edge = pick(graph.edges);
      if (!edge) return 'none';
      edge.from_port = 'output_99';
      return fault;
    }
    case 'edge_to_nowhere':
      graph.edges.push({ from: pick(graph.nodes)!.id, from_port: 'output_1', to: 'nowhere' });
      return fault;
    case 'duplicate_id': {
      const node = pick(others);
      if (!node) return 'none';
      graph.nodes.push({ ...node, config: structuredClone(node.config) });
      return fault;
    }
    case 'non_string_id': {
      const node = pick(others);
      if (!node) return 'none';
      const old = node.id;
      node.id = others.indexOf(node) + 2;
      for (const edge of graph.edges) {
        if (edge.from === old) edge.from = node.id;
        if (edge.to === old) edge.to = node.id;
      }
      return fault;
    }
    case 'second_trigger':
      graph.nodes.push({ id: 'second_trigger', type: 'trigger', config: {} });
      return fault;
    case 'trigger_id':
      graph.nodes[0]!.id = 'start';
      for (const edge of graph.edges) if (edge.from === '1') edge.from = 'start';
      return fault;
    case 'missing_required': {
      // collect_input requires question, input_type and variable_name (2.10): drop one.
      const node = pick(others);
      const collect = catalogue.nodes.find((candidate) => candidate.type === 'collect_input');
      if (!node || !collect) return 'none';
      const { variable_name: _dropped, ...config } = collect.example;
      node.type = 'collect_input';
      node.config = config;
      return fault;
    }
    case 'unknown_type': {
      const node = pick(others);
      if (!node) return 'none';
      node.type = 'teleport';
      return fault;
    }
    case 'none':
      return fault;
  }
}
