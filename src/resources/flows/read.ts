/**
 * Reading the parts of a definition (the trigger source, each node, each edge) into checked
 * pieces, reporting what cannot be read. Each runs once per part and builds paths and messages
 * only for errors; none recurses into the input (config schemas are strict objects).
 */
import { z } from 'zod';
import type { NodeType } from './config-schemas.js';
import { DEFAULT_PORT, NODE_ID_PATTERN, TRIGGER_NODE_ID, type FlowEdge, type FlowNode } from './definition.js';
import { configIssues, shown, type IssueList } from './issues.js';
import { nodeKindOf, sourceKindOf, type AnyNodeKind, type AnySourceKind } from './kinds.js';

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const NODE_KEYS = new Set(['id', 'type', 'config', 'position', 'label']);
const EDGE_KEYS = new Set(['from', 'from_port', 'to']);
const Position = z.strictObject({ x: z.number().finite(), y: z.number().finite() });
const Label = z.string().max(100);

export interface NodeSlot {
  readonly id: string;
  readonly index: number;
  readonly type: NodeType | undefined;
  readonly kind: AnyNodeKind | undefined;
  /** The parsed config, or undefined when it was invalid. */
  readonly config: Json | undefined;
  /** Its output ports (known only with a valid config), and the ones an edge already leaves by. */
  readonly ports: readonly string[] | undefined;
  readonly used: string[];
  readonly raw: Json;
}

export function normalizedNode(slot: NodeSlot): FlowNode {
  const node: { id: string; type: NodeType; config: Json; position?: { x: number; y: number }; label?: string } = {
    id: slot.id,
    type: slot.type!,
    config: slot.config!,
  };
  if (slot.raw['position'] !== undefined) node.position = slot.raw['position'] as { x: number; y: number };
  if (slot.raw['label'] !== undefined) node.label = slot.raw['label'] as string;
  return node;
}

export function checkSource(raw: unknown, errors: IssueList): { kind: AnySourceKind; config: Json | undefined } | undefined {
  if (!isObject(raw)) {
    errors.add({ code: 'invalid_shape', message: `definition.trigger must be an object {source, ...}, not ${typeName(raw)}.`, path: 'definition.trigger', node_id: TRIGGER_NODE_ID });
    return undefined;
  }
  const { source, ...rest } = raw;
  const found = typeof source === 'string' ? sourceKindOf(source) : undefined;
  if (!found) {
    errors.add({
      code: 'unknown_source',
      message: typeof source === 'string' ? `Source ${shown(source)} is not in the catalogue (GET /flows/nodes).` : 'definition.trigger.source must be a source name.',
      path: 'definition.trigger.source',
      node_id: TRIGGER_NODE_ID,
      key: 'source',
    });
    return undefined;
  }
  const parsed = found.schema.safeParse(rest);
  if (!parsed.success) {
    configIssues(parsed.error.issues, errors, { base: 'definition.trigger', node_id: TRIGGER_NODE_ID, what: `Trigger source ${found.kind.source}` });
    return { kind: found.kind, config: undefined };
  }
  const config = (found.kind.normalize ? found.kind.normalize(parsed.data) : parsed.data) as Json;
  return { kind: found.kind, config };
}

export function checkNode(raw: unknown, index: number, errors: IssueList): NodeSlot | undefined {
  // Paths are built only for errors: this runs once per node.
  const at = `definition.nodes[${index}]`;
  if (!isObject(raw)) {
    errors.add({ code: 'invalid_shape', message: `nodes[${index}] must be an object {id, type, config}, not ${typeName(raw)}.`, path: at });
    return undefined;
  }
  const id = raw['id'];
  if (typeof id !== 'string' || !NODE_ID_PATTERN.test(id)) {
    const message =
      typeof id === 'string' ? `nodes[${index}].id ${shown(id)} must be 1 to 64 of A-Z a-z 0-9 _ -.` : `nodes[${index}].id must be a string, not ${typeName(id)}.`;
    errors.add({ code: 'invalid_node_id', message, path: `${at}.id`, key: 'id' });
    return undefined;
  }
  for (const key in raw) {
    if (!NODE_KEYS.has(key)) errors.add({ code: 'invalid_shape', message: `Node ${shown(id)} has no key ${shown(key)}.`, path: `${at}.${key}`, node_id: id, key });
  }
  if (raw['position'] !== undefined && !Position.safeParse(raw['position']).success) {
    errors.add({ code: 'invalid_shape', message: `Node ${shown(id)}: position must be {x, y} numbers.`, path: `${at}.position`, node_id: id, key: 'position' });
  }
  if (raw['label'] !== undefined && !Label.safeParse(raw['label']).success) {
    errors.add({ code: 'invalid_shape', message: `Node ${shown(id)}: label must be a string of at most 100 characters.`, path: `${at}.label`, node_id: id, key: 'label' });
  }
  const type = raw['type'];
  const found = typeof type === 'string' ? nodeKindOf(type) : undefined;
  if (!found) {
    errors.add({
      code: 'unknown_node_type',
      message: typeof type === 'string' ? `Node ${shown(id)}: type ${shown(type)} is not in the catalogue (GET /flows/nodes).` : `Node ${shown(id)}: type must be a node type name.`,
      path: `${at}.type`,
      node_id: id,
      key: 'type',
    });
    return { id, index, type: undefined, kind: undefined, config: undefined, ports: undefined, used: [], raw };
  }
  const parsed = found.schema.safeParse(raw['config'] ?? {});
  if (!parsed.success) {
    configIssues(parsed.error.issues, errors, { base: `${at}.config`, node_id: id, what: `Node ${shown(id)} (${found.kind.type})` });
    return { id, index, type: found.kind.type, kind: found.kind, config: undefined, ports: undefined, used: [], raw };
  }
  const config = parsed.data as Json;
  return { id, index, type: found.kind.type, kind: found.kind, config, ports: found.kind.ports(config), used: [], raw };
}

export function checkEdge(raw: unknown, index: number, byId: ReadonlyMap<string, NodeSlot>, errors: IssueList): FlowEdge | undefined {
  // This runs once per edge: paths and messages are built only for errors.
  const at = (key?: string) => (key === undefined ? `definition.edges[${index}]` : `definition.edges[${index}].${key}`);
  if (!isObject(raw)) {
    errors.add({ code: 'invalid_shape', message: `edges[${index}] must be an object {from, from_port, to}, not ${typeName(raw)}.`, path: at() });
    return undefined;
  }
  let broken = false;
  for (const key in raw) {
    if (EDGE_KEYS.has(key)) continue;
    errors.add({ code: 'invalid_shape', message: `edges[${index}] has no key ${shown(key)}.`, path: at(key), key });
    broken = true;
  }
  const from = raw['from'];
  const to = raw['to'];
  const port = raw['from_port'] ?? DEFAULT_PORT;
  const notString = (key: string, value: unknown): void => {
    errors.add({ code: 'invalid_shape', message: `edges[${index}].${key} must be a string, not ${typeName(value)}.`, path: at(key), key });
    broken = true;
  };
  if (typeof from !== 'string') notString('from', from);
  if (typeof to !== 'string') notString('to', to);
  if (typeof port !== 'string') notString('from_port', port);
  if (broken) return undefined;
  const name = port as string;
  const source = byId.get(from as string);
  const target = byId.get(to as string);
  if (!source) {
    errors.add({ code: 'unknown_node', message: `edges[${index}] comes from node ${shown(from as string)}, which is not in nodes.`, path: at('from'), node_id: from as string, port: name, key: 'from' });
  }
  if (!target) {
    errors.add({ code: 'unknown_node', message: `edges[${index}] goes to node ${shown(to as string)}, which is not in nodes.`, path: at('to'), node_id: from as string, port: name, key: 'to' });
  }
  if (!source || !target) return undefined;
  if (target.type === 'trigger') {
    errors.add({ code: 'edge_to_trigger', message: `edges[${index}] leads into the trigger node ${shown(target.id)}; nothing may.`, path: at('to'), node_id: target.id, key: 'to' });
    return undefined;
  }
  if (source.ports && !source.ports.includes(name)) {
    errors.add({
      code: 'unknown_port',
      message: `Node ${shown(source.id)} (${source.type}) has no port ${shown(name)}; its ports: ${source.ports.length > 0 ? source.ports.join(', ') : 'none'}.`,
      path: at('from_port'),
      node_id: source.id,
      port: name,
      key: 'from_port',
    });
    return undefined;
  }
  if (source.used.includes(name)) {
    errors.add({ code: 'port_in_use', message: `Port ${shown(name)} of node ${shown(source.id)} already has an edge; a port leads to one node.`, path: at('from_port'), node_id: source.id, port: name, key: 'from_port' });
    return undefined;
  }
  source.used.push(name);
  return { from: source.id, from_port: name, to: target.id };
}
