/**
 * How flows are stored (2.10, 3.3, 9) and presented. A flow record holds its settings, status,
 * counters and at most one draft; every published version is a record of its own in
 * `flow_versions`, written once and never changed, so sessions and analytics (the flow runtime)
 * can always read the exact graph a person went through.
 */
import { z } from 'zod';
import { canonicalJson } from '../../core/canonical-json.js';
import { sha256Hex } from '../../core/hash.js';
import type { Entity } from '../../store/collection.js';
import type { RecordRules } from '../../store/rules.js';
import { storedRecord, Timestamp } from '../shared/schemas.js';
import { FlowChannelSchema, type FlowChannel } from './config-schemas.js';
import { SOURCE_KINDS } from './kinds.js';
import { FlowDefinition as FlowDefinitionSchema, type FlowData, type FlowSummaryData } from './schemas.js';
import type { FlowDefinition, FlowStatus } from './definition.js';

export interface FlowDraft {
  /** The version number it will get when published. */
  readonly version: number;
  readonly definition: FlowDefinition;
  /** Fingerprint of what people experience (layout and labels left out). */
  readonly behavior: string;
  readonly saved_at: string;
}

export interface FlowRecord extends Entity {
  readonly name: string;
  readonly status: FlowStatus;
  readonly channels: readonly FlowChannel[];
  readonly priority: number;
  readonly tag_id: number | null;
  readonly published_version: number | null;
  readonly draft: FlowDraft | null;
  readonly entries: number;
  readonly completions: number;
  readonly created_at: string;
  readonly updated_at: string;
}

/** One published version: immutable once written (section 9). */
export interface FlowVersionRecord extends Entity {
  readonly flow_id: number;
  readonly version: number;
  readonly definition: FlowDefinition;
  readonly behavior: string;
  readonly channels: readonly FlowChannel[];
  readonly published_at: string;
}

/** The definition a flow shows: the draft when one exists, else the published version. */
export interface CurrentDefinition {
  readonly version: number;
  readonly definition: FlowDefinition;
  readonly behavior: string;
}

export const versionKey = (flowId: number, version: number): string => `${flowId}:${version}`;

/** What people experience: the definition without node positions and labels. */
export function behaviorOf(definition: FlowDefinition): string {
  const nodes = definition.nodes.map(({ id, type, config }) => ({ id, type, config }));
  return sha256Hex(canonicalJson({ trigger: definition.trigger, nodes, edges: definition.edges }));
}

/** Deep-freezes a stored definition: responses hand it out, and no caller may change the store through them. */
export function sealDefinition(definition: FlowDefinition): FlowDefinition {
  const stack: object[] = [definition];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Object.isFrozen(value)) continue;
    Object.freeze(value);
    for (const key in value) {
      const member = (value as Record<string, unknown>)[key];
      if (typeof member === 'object' && member !== null) stack.push(member);
    }
  }
  return definition;
}

export function completionRate(entries: number, completions: number): number | null {
  return entries === 0 ? null : Math.round((completions / entries) * 1000) / 10;
}

export function presentSummary(flow: FlowRecord, current: CurrentDefinition): FlowSummaryData {
  return {
    id: flow.id,
    name: flow.name,
    status: flow.status,
    trigger_type: SOURCE_KINDS[current.definition.trigger.source].trigger_type,
    trigger: { sources: [current.definition.trigger] },
    channels: [...flow.channels],
    version: current.version,
    published_version: flow.published_version,
    priority: flow.priority,
    stats: { entries: flow.entries, completions: flow.completions, completion_rate: completionRate(flow.entries, flow.completions) },
    created_at: flow.created_at,
    updated_at: flow.updated_at,
  };
}

export function presentFlow(flow: FlowRecord, current: CurrentDefinition, published: FlowVersionRecord | undefined, warnings?: readonly string[]): FlowData {
  const data: FlowData = {
    ...presentSummary(flow, current),
    definition: current.definition as FlowData['definition'],
    has_draft: flow.draft !== null,
    draft_behavior_changed: flow.draft !== null && (published === undefined || published.behavior !== flow.draft.behavior),
    node_count: current.definition.nodes.length,
    tag_id: flow.tag_id,
  };
  if (warnings) data.warnings = [...warnings];
  return data;
}

/** A stored definition as a restore checks it: the documented graph shape, sealed again once parsed. */
const StoredDefinition = FlowDefinitionSchema.transform((definition) => sealDefinition(definition as FlowDefinition));
const Count = z.number().int().min(0);

/** What a saved state must hold for `flows` (src/store/rules.ts). */
export const flowRules: RecordRules<FlowRecord> = {
  schema: storedRecord({
    name: z.string().min(1),
    status: z.enum(['draft', 'active', 'paused']),
    channels: z.array(FlowChannelSchema),
    priority: z.number().int(),
    tag_id: z.number().int().nullable(),
    published_version: z.number().int().positive().nullable(),
    draft: z.strictObject({ version: z.number().int().positive(), definition: StoredDefinition, behavior: z.string(), saved_at: Timestamp }).nullable(),
    entries: Count,
    completions: Count,
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  sequence: 'flow',
  refs: { tag_id: 'tags' },
};

/** What a saved state must hold for `flow_versions`. */
export const flowVersionRules: RecordRules<FlowVersionRecord> = {
  schema: storedRecord({
    flow_id: z.number().int().positive(),
    version: z.number().int().positive(),
    definition: StoredDefinition,
    behavior: z.string(),
    channels: z.array(FlowChannelSchema),
    published_at: Timestamp,
  }),
  sequence: 'flow_version',
  refs: { flow_id: 'flows' },
};
