/**
 * Flow definition validation (2.10, 4.7): a pure function from whatever JSON arrived to a list of
 * errors and warnings, each naming the node (and port or config key) it concerns, plus the
 * normalized definition when there are no errors. It never throws on input, never recurses into
 * it (config schemas are strict objects, so junk is refused at its first level), and is linear in
 * nodes plus edges (bench/flows.ts measures it on 10,000 nodes).
 *
 * Checks, in order: shape; the trigger source and its config; node ids, types and configs;
 * exactly one trigger with id "1"; edges (known nodes, ports that exist, one edge per port, none
 * into the trigger); reachability from the trigger; cycles that never wait; the plan's node cap;
 * channels the source can fire on; references (tags, custom fields, services, flows, comment
 * triggers). Warnings: dead ends, unused variables, unknown placeholders, inactive goto targets.
 * Keyword collisions need the other flows, so the model adds them (./checks.ts).
 */
import { z } from 'zod';
import type { CustomFieldType } from '../custom-fields/schemas.js';
import type { FlowChannel, NodeType, SourceName } from './config-schemas.js';
import { cyclesWithin, reachableFrom } from './graph.js';
import { configIssues, IssueList, shown, type FlowIssue } from './issues.js';
import {
  BUILT_IN_PLACEHOLDERS,
  CUSTOM_FIELD_PLACEHOLDER_PREFIX,
  nodeKindOf,
  sourceKindOf,
  type AnyNodeKind,
  type AnySourceKind,
  type Reference,
} from './kinds.js';

export interface FlowNode {
  readonly id: string;
  readonly type: NodeType;
  readonly config: Readonly<Record<string, unknown>>;
  readonly position?: { readonly x: number; readonly y: number };
  readonly label?: string;
}

export interface FlowEdge {
  readonly from: string;
  readonly from_port: string;
  readonly to: string;
}

export interface FlowTrigger {
  readonly source: SourceName;
  readonly [key: string]: unknown;
}

/** A definition as stored: every config parsed (defaults filled), every `from_port` explicit. */
export interface FlowDefinition {
  readonly trigger: FlowTrigger;
  readonly nodes: readonly FlowNode[];
  readonly edges: readonly FlowEdge[];
}

export type FlowStatus = 'draft' | 'active' | 'paused';

/** What the validator may ask about the account. */
export interface ReferenceLookup {
  tag(name: string): boolean;
  customField(key: string): { readonly type: CustomFieldType; readonly archived: boolean } | undefined;
  service(name: string): boolean;
  flow(id: number): { readonly status: FlowStatus } | undefined;
  commentTrigger(id: number): boolean;
}

export interface ValidationContext {
  readonly channels: readonly FlowChannel[];
  readonly nodeLimit: number;
  /** The flow being edited, if any: a goto_flow to it is `goto_self`. */
  readonly flowId?: number;
  readonly lookup: ReferenceLookup;
}

export interface ValidationResult {
  readonly errors: FlowIssue[];
  readonly warnings: FlowIssue[];
  /**
   * The definition as read (configs parsed, ports explicit) whenever every part of it could be
   * read, even if it breaks a rule (an unreachable node, a missing tag); valid only without errors.
   */
  readonly definition?: FlowDefinition;
}

export const TRIGGER_NODE_ID = '1';
export const DEFAULT_PORT = 'output_1';
export const NODE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const DEFINITION_KEYS = new Set(['trigger', 'nodes', 'edges']);
const NODE_KEYS = new Set(['id', 'type', 'config', 'position', 'label']);
const EDGE_KEYS = new Set(['from', 'from_port', 'to']);
const Position = z.strictObject({ x: z.number().finite(), y: z.number().finite() });
const Label = z.string().max(100);
const BUILT_INS = new Set(BUILT_IN_PLACEHOLDERS.map((placeholder) => placeholder.name));
const PLACEHOLDER = /\{([^{}\s]{1,100})\}/g;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

interface NodeSlot {
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

interface Use {
  readonly node: string;
  readonly index: number;
  readonly key: string;
}

export function validateDefinition(input: unknown, ctx: ValidationContext): ValidationResult {
  const errors = new IssueList();
  const warnings = new IssueList();
  const done = (definition?: FlowDefinition): ValidationResult =>
    definition ? { errors: errors.finish(), warnings: warnings.finish(), definition } : { errors: errors.finish(), warnings: warnings.finish() };

  if (!isObject(input)) {
    errors.add({ code: 'invalid_shape', message: `definition must be an object {trigger, nodes, edges}, not ${typeName(input)}.`, path: 'definition' });
    return done();
  }
  for (const key of Object.keys(input)) {
    if (!DEFINITION_KEYS.has(key)) errors.add({ code: 'invalid_shape', message: `definition has no key ${shown(key)}.`, path: `definition.${key}`, key });
  }

  const source = checkSource(input['trigger'], errors);

  // Nodes: ids, types, configs.
  const rawNodes = input['nodes'];
  const slots: NodeSlot[] = [];
  const byId = new Map<string, NodeSlot>();
  if (!Array.isArray(rawNodes)) {
    errors.add({ code: 'invalid_shape', message: `definition.nodes must be an array, not ${typeName(rawNodes)}.`, path: 'definition.nodes' });
  } else {
    rawNodes.forEach((raw: unknown, index) => {
      const slot = checkNode(raw, index, errors);
      if (!slot) return;
      if (byId.has(slot.id)) {
        errors.add({ code: 'duplicate_node_id', message: `Node id ${shown(slot.id)} is used twice (nodes[${byId.get(slot.id)!.index}] and nodes[${index}]).`, path: `definition.nodes[${index}].id`, node_id: slot.id });
        return;
      }
      byId.set(slot.id, slot);
      slots.push(slot);
    });
    if (rawNodes.length > ctx.nodeLimit) {
      errors.add({ code: 'node_limit', message: `The definition has ${rawNodes.length} nodes; the plan allows ${ctx.nodeLimit} (live.node_limit).`, path: 'definition.nodes' });
    }
  }

  // Exactly one trigger, with id "1".
  const triggers = slots.filter((slot) => slot.type === 'trigger');
  if (Array.isArray(rawNodes) && triggers.length === 0) {
    errors.add({ code: 'missing_trigger', message: 'No node has type trigger; the flow needs one, with id "1".', path: 'definition.nodes' });
  }
  for (const extra of triggers.slice(1)) {
    errors.add({ code: 'multiple_triggers', message: `Node ${shown(extra.id)} is a second trigger; a flow has exactly one.`, path: `definition.nodes[${extra.index}].type`, node_id: extra.id });
  }
  for (const slot of slots) {
    if ((slot.type === 'trigger') !== (slot.id === TRIGGER_NODE_ID) && slot.type !== undefined) {
      const message =
        slot.type === 'trigger' ? `The trigger node has id ${shown(slot.id)}; it must be "1".` : `Node "1" must be the trigger, not a ${slot.type} node.`;
      errors.add({ code: 'trigger_id', message, path: `definition.nodes[${slot.index}].id`, node_id: slot.id });
    }
  }

  // Edges (`next[at]` lists the slots that slot `at` leads to).
  const slotAt = new Map<NodeSlot, number>(slots.map((slot, at) => [slot, at]));
  const next: number[][] = slots.map(() => []);
  const edges: FlowEdge[] = [];
  const rawEdges = input['edges'];
  if (!Array.isArray(rawEdges)) {
    errors.add({ code: 'invalid_shape', message: `definition.edges must be an array, not ${typeName(rawEdges)}.`, path: 'definition.edges' });
  } else {
    rawEdges.forEach((raw: unknown, index) => {
      const edge = checkEdge(raw, index, byId, errors);
      if (!edge) return;
      edges.push(edge);
      next[slotAt.get(byId.get(edge.from)!)!]!.push(slotAt.get(byId.get(edge.to)!)!);
    });
  }

  // Reachability and loops that never wait.
  const trigger = byId.get(TRIGGER_NODE_ID);
  const reached = trigger?.type === 'trigger' ? reachableFrom(next, slotAt.get(trigger)!) : undefined;
  if (reached) {
    slots.forEach((slot, at) => {
      if (reached[at] === 0) {
        errors.add({ code: 'unreachable', message: `Node ${shown(slot.id)} cannot be reached from the trigger.`, path: `definition.nodes[${slot.index}]`, node_id: slot.id });
      }
    });
  }
  const waits = (at: number): boolean => {
    const slot = slots[at]!;
    return slot.kind === undefined || slot.config === undefined || slot.kind.waits(slot.config);
  };
  for (const cycle of cyclesWithin(next, (at) => !waits(at))) {
    const ids = cycle.slice(0, 5).map((at) => shown(slots[at]!.id));
    const first = slots[cycle[0]!]!;
    errors.add({
      code: 'instant_loop',
      message: `Nodes ${ids.join(', ')}${cycle.length > 5 ? ', ...' : ''} form a loop that never waits for the person or the clock.`,
      path: `definition.nodes[${first.index}]`,
      node_id: first.id,
    });
  }

  // Channels the source can fire on.
  if (source) {
    ctx.channels.forEach((channel, i) => {
      if (!source.kind.channels.includes(channel)) {
        errors.add({
          code: 'channel_unsupported',
          message: `Source ${source.kind.source} cannot fire on ${channel} (it fires on ${source.kind.channels.join(', ')}).`,
          path: `channels[${i}]`,
          node_id: TRIGGER_NODE_ID,
          key: 'source',
        });
      }
    });
  }

  // References, variables, placeholders, dead ends.
  if (source?.config && source.kind.references) {
    for (const ref of source.kind.references(source.config)) checkReference(ref, TRIGGER_NODE_ID, 'definition.trigger', ctx, errors, warnings);
  }
  const sets = new Map<string, Use>();
  const reads = new Set<string>();
  const placeholders: (Use & { readonly name: string })[] = [];
  slots.forEach((slot, at) => {
    if (!slot.kind || !slot.config) return;
    for (const ref of slot.kind.references?.(slot.config) ?? []) checkReference(ref, slot.id, `definition.nodes[${slot.index}].config`, ctx, errors, warnings);
    for (const use of slot.kind.sets?.(slot.config) ?? []) if (!sets.has(use.variable)) sets.set(use.variable, { node: slot.id, index: slot.index, key: use.key });
    if (slot.type === 'collect_input' && slot.config['save_to_field'] !== undefined) reads.add(String(slot.config['variable_name']));
    for (const use of slot.kind.reads?.(slot.config) ?? []) reads.add(use.variable);
    for (const template of slot.kind.templates?.(slot.config) ?? []) {
      for (const match of template.text.matchAll(PLACEHOLDER)) placeholders.push({ node: slot.id, index: slot.index, key: template.key, name: match[1]! });
    }
    if (!slot.kind.mayEnd && next[at]!.length === 0 && reached?.[at] !== 0 && slot.ports!.length > 0) {
      warnings.add({ code: 'dead_end', message: `Node ${shown(slot.id)} (${slot.type}) leads nowhere: nothing happens after it.`, path: `definition.nodes[${slot.index}]`, node_id: slot.id });
    }
  });
  for (const use of placeholders) {
    if (BUILT_INS.has(use.name) || sets.has(use.name)) {
      reads.add(use.name);
      continue;
    }
    if (use.name.startsWith(CUSTOM_FIELD_PLACEHOLDER_PREFIX)) {
      const field = ctx.lookup.customField(use.name.slice(CUSTOM_FIELD_PLACEHOLDER_PREFIX.length));
      if (field && !field.archived) continue;
    }
    warnings.add({
      code: 'unknown_placeholder',
      message: `Node ${shown(use.node)}: {${use.name}} in ${use.key} is no built-in placeholder, custom field or variable of this flow; it renders empty.`,
      path: `definition.nodes[${use.index}].config.${use.key}`,
      node_id: use.node,
      key: use.key,
    });
  }
  for (const [variable, use] of sets) {
    if (reads.has(variable)) continue;
    warnings.add({
      code: 'unused_variable',
      message: `Node ${shown(use.node)} sets {${variable}}, which no later placeholder or rule reads.`,
      path: `definition.nodes[${use.index}].config.${use.key}`,
      node_id: use.node,
      key: use.key,
    });
  }

  const readable =
    source?.config !== undefined &&
    Array.isArray(rawNodes) &&
    slots.length === rawNodes.length &&
    slots.every((slot) => slot.config !== undefined) &&
    Array.isArray(rawEdges) &&
    edges.length === rawEdges.length;
  if (!readable) return done();
  return done({
    trigger: { source: source.kind.source, ...source.config },
    nodes: slots.map((slot) => normalizedNode(slot)),
    edges,
  });
}

function normalizedNode(slot: NodeSlot): FlowNode {
  const node: { id: string; type: NodeType; config: Json; position?: { x: number; y: number }; label?: string } = {
    id: slot.id,
    type: slot.type!,
    config: slot.config!,
  };
  if (slot.raw['position'] !== undefined) node.position = slot.raw['position'] as { x: number; y: number };
  if (slot.raw['label'] !== undefined) node.label = slot.raw['label'] as string;
  return node;
}

function checkSource(raw: unknown, errors: IssueList): { kind: AnySourceKind; config: Json | undefined } | undefined {
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

function checkNode(raw: unknown, index: number, errors: IssueList): NodeSlot | undefined {
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

function checkEdge(raw: unknown, index: number, byId: ReadonlyMap<string, NodeSlot>, errors: IssueList): FlowEdge | undefined {
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

function checkReference(ref: Reference, nodeId: string, base: string, ctx: ValidationContext, errors: IssueList, warnings: IssueList): void {
  const path = `${base}.${ref.key}`;
  const where = { path, node_id: nodeId, key: ref.key };
  const who = nodeId === TRIGGER_NODE_ID && base === 'definition.trigger' ? 'The trigger' : `Node ${shown(nodeId)}`;
  switch (ref.kind) {
    case 'tag':
      if (!ctx.lookup.tag(String(ref.value))) errors.add({ code: 'unknown_tag', message: `${who}: no tag named ${shown(String(ref.value))} (live.tags).`, ...where });
      return;
    case 'custom_field': {
      const field = ctx.lookup.customField(String(ref.value));
      if (!field || field.archived) {
        const why = field ? 'is archived' : 'is not defined';
        errors.add({ code: 'unknown_custom_field', message: `${who}: custom field ${shown(String(ref.value))} ${why} (live.custom_fields).`, ...where });
      } else if (ref.fieldTypes && !ref.fieldTypes.includes(field.type)) {
        errors.add({ code: 'field_type_mismatch', message: `${who}: custom field ${shown(String(ref.value))} is of type ${field.type}; it needs ${ref.fieldTypes.join(' or ')}.`, ...where });
      }
      return;
    }
    case 'service':
      if (!ctx.lookup.service(String(ref.value))) errors.add({ code: 'unknown_service', message: `${who}: no bookable service named ${shown(String(ref.value))} (live.services).`, ...where });
      return;
    case 'comment_trigger':
      if (!ctx.lookup.commentTrigger(Number(ref.value))) errors.add({ code: 'unknown_comment_trigger', message: `${who}: no comment trigger ${ref.value} (live.comment_triggers).`, ...where });
      return;
    case 'flow': {
      const id = Number(ref.value);
      if (ctx.flowId !== undefined && id === ctx.flowId) {
        errors.add({ code: 'goto_self', message: `${who}: goto_flow points at its own flow ${id}.`, ...where });
        return;
      }
      const flow = ctx.lookup.flow(id);
      if (!flow) errors.add({ code: 'unknown_flow', message: `${who}: no flow ${id} in this account (live.flows).`, ...where });
      else if (flow.status !== 'active') warnings.add({ code: 'target_not_active', message: `${who}: flow ${id} is ${flow.status}; people sent there only continue once it is active.`, ...where });
      return;
    }
  }
}
