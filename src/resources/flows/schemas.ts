/**
 * Flow shapes (2.10), the flow request bodies and list query (4.7), the validation result and the
 * catalogue (GET /flows/nodes). The definition's documented schema is built from the same config
 * schemas that validate it (./config-schemas.ts). No logic here.
 */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Timestamp } from '../shared/schemas.js';
import {
  FLOW_CHANNELS,
  FlowChannelSchema,
  NodeConfigs,
  NODE_TYPES,
  SourceConfigs,
  SOURCE_NAMES,
  TRIGGER_TYPES,
  type NodeType,
  type SourceName,
} from './config-schemas.js';
import { ISSUE_CODES, type IssueCode } from './issues.js';

export const FLOW_NAME_MAX = 100;
export const FLOW_STATUSES = ['draft', 'active', 'paused'] as const;

export const FlowName = z
  .string()
  .min(1)
  .max(FLOW_NAME_MAX)
  .regex(/\S/, 'must not be blank')
  .describe('1 to 100 characters.');

export const FlowChannels = z
  .array(FlowChannelSchema)
  .min(1)
  .max(FLOW_CHANNELS.length * 2)
  .describe('Channels the flow runs on (facebook, instagram, whatsapp); each must be one the trigger source fires on. Repeats are dropped.');

// ---------------------------------------------------------------------------------------------
// The definition, as documented (validation itself is ./validate.ts over the same config schemas)

/** One `{source, ...keys}` object per source, without the cross-key refinements (those are checked, not documented). */
function sourceVariant(name: SourceName): z.ZodType {
  return z.strictObject({ source: z.literal(name), ...SourceConfigs[name].shape });
}

/** A node type whose config has no required key may leave `config` out (the trigger node does). */
function configOf(type: NodeType): z.ZodType {
  const config: z.ZodType = NodeConfigs[type];
  const empty = config.safeParse({});
  // The default is the config `{}` becomes (its own defaults filled), so it is a valid config.
  return empty.success ? config.default(empty.data as never) : config;
}

function nodeVariant(type: NodeType): z.ZodType {
  return z.strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).describe('1 to 64 of A-Z a-z 0-9 _ -; the trigger node is "1".'),
    type: z.literal(type),
    config: configOf(type),
    position: z.strictObject({ x: z.number(), y: z.number() }).optional().describe('Where the node sits on the canvas (not behaviour).'),
    label: z.string().max(100).optional().describe('A name for the canvas (not behaviour).'),
  });
}

const variants = <T>(items: readonly T[], map: (item: T) => z.ZodType): [z.ZodType, z.ZodType, ...z.ZodType[]] =>
  items.map(map) as [z.ZodType, z.ZodType, ...z.ZodType[]];

export const FlowEdge = z.strictObject({
  from: z.string().describe('The node the edge leaves.'),
  from_port: z.string().default('output_1').describe('The output port it leaves by (default output_1).'),
  to: z.string().describe('The node it enters.'),
});

export const FlowDefinition = named(
  'FlowDefinition',
  z
    .strictObject({
      trigger: z.union(variants(SOURCE_NAMES, sourceVariant)).describe('The source that starts the flow, with its keys.'),
      nodes: z.array(z.union(variants(NODE_TYPES, nodeVariant))).describe('Exactly one trigger node, with id "1"; every other node reachable from it.'),
      edges: z.array(FlowEdge),
    })
    .describe('The flow graph {trigger, nodes, edges}; the catalogue (GET /flows/nodes) describes every source and node type.'),
);

/**
 * A request's `definition`: any JSON, documented as the FlowDefinition. It is checked by the
 * validator, not by the body schema, so a broken graph answers 422 `invalid_definition` with
 * every error, or 200 `{valid: false}` from /flows/validate, instead of a first-error 400.
 */
export const DefinitionInput = z
  .custom<unknown>((value) => value !== undefined, { error: 'is required: the flow graph {trigger, nodes, edges}' })
  .meta({ $ref: '#/components/schemas/FlowDefinition' })
  .describe('The flow graph; see FlowDefinition and GET /flows/nodes.');

// ---------------------------------------------------------------------------------------------
// Validation result

export const FlowIssue = named(
  'FlowIssue',
  z.object({
    code: z.enum(Object.keys(ISSUE_CODES) as [IssueCode, ...IssueCode[]]).describe('Stable; the catalogue lists every code.'),
    message: z.string(),
    path: z.string().describe('Where in the request body, e.g. definition.nodes[3].config.question.'),
    node_id: z.string().nullable().describe('The node concerned ("1": the trigger and its source); null for the whole definition.'),
    port: z.string().nullable().describe('The output port concerned, for edge problems.'),
    key: z.string().nullable().describe('The config key concerned.'),
  }),
);

export const FlowValidation = named(
  'FlowValidation',
  z.object({
    valid: z.boolean(),
    errors: z.array(FlowIssue),
    warnings: z.array(FlowIssue).describe('Legal but suspicious; never make a definition invalid.'),
  }),
);

// ---------------------------------------------------------------------------------------------
// Flow

export const FlowStats = z.object({
  entries: z.number().int(),
  completions: z.number().int(),
  completion_rate: z.number().nullable().describe('Percent of entries that completed, one decimal; null when nobody entered (not 0).'),
});

const SummaryFields = {
  id: z.number().int(),
  name: z.string(),
  status: z.enum(FLOW_STATUSES),
  trigger_type: z.enum(TRIGGER_TYPES),
  trigger: z.object({
    sources: z
      .array(z.object({ source: z.enum(SOURCE_NAMES as [SourceName, ...SourceName[]]) }).catchall(z.unknown()))
      .describe('The trigger source with its keys (a comment source carries mode linked or native).'),
  }),
  channels: z.array(FlowChannelSchema),
  version: z.number().int().describe('The newest version: the draft’s when one exists, else the published one.'),
  published_version: z.number().int().nullable().describe('The version that runs; null until first published.'),
  priority: z.number().int().describe('When several active flows could start, the higher priority wins.'),
  stats: FlowStats,
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const FlowSummary = named('FlowSummary', z.object(SummaryFields));

export const Flow = named(
  'Flow',
  z.object({
    ...SummaryFields,
    definition: FlowDefinition.describe('The draft when one exists, else the published version.'),
    has_draft: z.boolean().describe('Unpublished changes exist (always true for a flow never published).'),
    draft_behavior_changed: z.boolean().describe('Publishing the draft would change what people experience (not just layout or labels).'),
    node_count: z.number().int(),
    tag_id: z.number().int().nullable().describe('Applied to everyone entering the flow.'),
    warnings: z.array(z.string()).optional().describe('On create and update only: what validation warned about.'),
  }),
);

export const FlowDefinitionResult = named(
  'FlowDefinitionResult',
  z.object({ flow_id: z.number().int(), has_draft: z.boolean(), definition: FlowDefinition }),
);

export const DeletedFlow = named('DeletedFlow', z.object({ id: z.number().int(), deleted: z.literal(true) }));

// ---------------------------------------------------------------------------------------------
// Requests

export const CreateFlowBody = z.strictObject({
  name: FlowName,
  definition: DefinitionInput,
  channels: FlowChannels.optional().describe('Default facebook and instagram; each must be a channel the source fires on.'),
  tag_id: z.number().int().positive().nullable().optional().describe('A tag from live.tags, applied to everyone entering.'),
});

export const UpdateFlowBody = z.strictObject({
  name: FlowName.optional(),
  channels: FlowChannels.optional(),
  tag_id: z.number().int().positive().nullable().optional(),
  definition: DefinitionInput.optional().describe('Replaces the whole graph, saved as the draft; the published version keeps running.'),
});

/**
 * What /flows/validate takes as `definition`: anything. Its job is to report what is wrong with a
 * graph (200 `{valid: false, errors}`), so the document must not refuse a broken one up front, as
 * a validating proxy (Prism) would with the strict FlowDefinitionInput.
 */
const DefinitionToCheck = z
  .unknown()
  .describe('The flow graph to check, in any shape: missing or malformed, it is reported in errors (still 200). A valid graph is a FlowDefinitionInput.');

/**
 * "Always 200" (4.7): the route takes any JSON object and reports what is wrong with it in the
 * answer, so the document refuses nothing up front (validate-request.ts reads the fields).
 */
export const ValidateFlowBody = z
  .looseObject({
    definition: DefinitionToCheck.optional(),
    channels: z
      .unknown()
      .optional()
      .describe('Channels to check the trigger source against: an array of facebook, instagram, whatsapp (default facebook and instagram, or the flow_id flow\'s). Anything else is reported as an `invalid_channels` error (still 200).'),
    flow_id: z
      .unknown()
      .optional()
      .describe('Validate as an edit of this flow (a positive integer): its own keywords do not collide, and a goto_flow to it is goto_self. Not a flow of the account: an `invalid_flow_id` error (still 200).'),
  })
  .describe('Any other key is ignored and reported as an `unknown_field` warning.');

export const ListFlowsQuery = z.object({
  status: z.enum(FLOW_STATUSES).optional(),
  trigger_type: z.enum(TRIGGER_TYPES).optional(),
});

// ---------------------------------------------------------------------------------------------
// Catalogue (GET /flows/nodes)

const JsonSchemaObject = z.record(z.string(), z.unknown()).describe('JSON Schema (draft 2020-12) of the config.');

const PortDescription = z.object({
  port: z.string().describe('A port name, or output_{n} for one port per item of `per`.'),
  description: z.string(),
  per: z.enum(['buttons', 'rules', 'branches']).optional(),
  where: z.object({ type: z.string() }).optional().describe('Only items of `per` with this type.'),
  when: z.enum(['some', 'none']).optional().describe('Exists only when the `per` list has items (some) or none.'),
});

export const CatalogueSource = z.object({
  source: z.enum(SOURCE_NAMES as [SourceName, ...SourceName[]]),
  label: z.string(),
  description: z.string(),
  channels: z.array(FlowChannelSchema),
  needs_keywords: z.boolean(),
  trigger_type: z.enum(TRIGGER_TYPES),
  config: JsonSchemaObject,
  example: z.record(z.string(), z.unknown()),
});

export const CatalogueNode = z.object({
  type: z.enum(NODE_TYPES as [NodeType, ...NodeType[]]),
  label: z.string(),
  description: z.string(),
  inputs: z.number().int(),
  outputs: z.array(PortDescription),
  terminal: z.boolean(),
  waits: z.string().describe('When the node waits for the person or the clock (a loop must pass through one).'),
  config: JsonSchemaObject,
  example: z.record(z.string(), z.unknown()),
});

const Code = z.object({ code: z.string(), description: z.string() });

export const FlowLive = z.object({
  custom_fields: z.array(z.object({ field_key: z.string(), label: z.string(), type: z.string() })),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  services: z.array(z.object({ id: z.number().int(), name: z.string(), duration_minutes: z.number().int().nullable() })),
  flows: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.enum(FLOW_STATUSES),
      trigger_type: z.enum(TRIGGER_TYPES),
      published_version: z.number().int().nullable(),
    }),
  ),
  comment_triggers: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
  node_limit: z.number().int().describe('Most nodes per definition on this plan.'),
  flow_limit: z.number().int().describe('Most flows on this plan.'),
  active_flows: z.object({ count: z.number().int(), limit: z.number().int() }).describe('Flows active now, and the most the plan allows.'),
});

export const FlowCatalogue = named(
  'FlowCatalogue',
  z.object({
    definition: z.object({
      shape: JsonSchemaObject.describe('JSON Schema of {trigger, nodes, edges}.'),
      trigger_node_id: z.literal('1'),
      default_from_port: z.literal('output_1'),
      node_id_pattern: z.string(),
      rules: z.array(z.string()).describe('The structural rules, in words.'),
      errors: z.array(Code).describe('Every error code validation can answer.'),
      warnings: z.array(Code).describe('Every warning code.'),
      max_listed_issues: z.number().int(),
    }),
    sources: z.array(CatalogueSource),
    nodes: z.array(CatalogueNode),
    enums: z.record(z.string(), z.array(z.string())),
    placeholders: z.array(z.object({ placeholder: z.string(), description: z.string() })),
    live: FlowLive,
  }),
);

export type FlowData = z.infer<typeof Flow>;
export type FlowSummaryData = z.infer<typeof FlowSummary>;
export type FlowCatalogueData = z.infer<typeof FlowCatalogue>;
export type FlowLiveData = z.infer<typeof FlowLive>;
