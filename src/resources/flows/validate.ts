/**
 * Flow definition validation (2.10, 4.7): a pure function from whatever JSON arrived to a list of
 * errors and warnings, each naming the node (and port or config key) it concerns, plus the
 * normalized definition whenever every part could be read. It never throws on input, never recurses into
 * it (config schemas are strict objects, so junk is refused at its first level), and is linear in
 * nodes plus edges (bench/flows.ts measures it on 10,000 nodes).
 *
 * Checks, in order: shape; the trigger source and its config; node ids, types and configs;
 * exactly one trigger with id "1"; edges (known nodes, ports that exist, one edge per port, none
 * into the trigger); reachability from the trigger; cycles that never wait; the plan's node cap;
 * channels the source can fire on; references (tags, custom fields, services, flows, comment
 * triggers); node policies (rules beyond a config's shape: the URLs http_request may call).
 * Warnings: dead ends, unused variables, unknown placeholders, inactive goto targets. Keyword
 * collisions need the other flows, so the model adds them (./checks.ts).
 */
import { cyclesWithin, reachableFrom } from './graph.js';
import { IssueList, shown } from './issues.js';
import { BUILT_IN_PLACEHOLDERS, CUSTOM_FIELD_PLACEHOLDER_PREFIX } from './kinds.js';
import { checkEdge, checkNode, checkSource, isObject, normalizedNode, typeName, type NodeSlot } from './read.js';
import { checkReference } from './references.js';
import { TRIGGER_NODE_ID, type FlowDefinition, type FlowEdge, type ValidationContext, type ValidationResult } from './definition.js';

const DEFINITION_KEYS = new Set(['trigger', 'nodes', 'edges']);
const BUILT_INS = new Set(BUILT_IN_PLACEHOLDERS.map((placeholder) => placeholder.name));
const PLACEHOLDER = /\{([^{}\s]{1,100})\}/g;

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
    for (const issue of slot.kind.policy?.(slot.config) ?? []) {
      errors.add({
        code: 'invalid_config',
        message: `Node ${shown(slot.id)} (${slot.type}): ${issue.key}: ${issue.message}`,
        path: `definition.nodes[${slot.index}].config.${issue.key}`,
        node_id: slot.id,
        key: issue.key,
      });
    }
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
