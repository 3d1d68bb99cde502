/**
 * The catalogue of GET /flows/nodes, generated from the very schemas and tables that validate
 * definitions (./config-schemas.ts, ./kinds.ts): each source's and node type's `config` is the
 * JSON Schema of its zod config, so the catalogue and validation cannot disagree. Everything but
 * `live` is the same for every account and is built once, at start-up.
 */
import { z } from 'zod';
import { STAGES } from '../contacts/schemas.js';
import {
  ACTION_TYPES,
  AI_GOALS,
  BUTTON_TYPES,
  DELAY_UNITS,
  FLOW_CHANNELS,
  HTTP_METHODS,
  INPUT_TYPES,
  MATCH_TYPES,
  MEDIA_TYPES,
  NODE_TYPES,
  NodeConfigs,
  RULE_TYPES,
  SOURCE_NAMES,
  SourceConfigs,
  TRIGGER_TYPES,
} from './config-schemas.js';
import { ISSUE_CODES, MAX_LISTED_ISSUES, WARNING_CODES, type IssueCode } from './issues.js';
import { BUILT_IN_PLACEHOLDERS, CUSTOM_FIELD_PLACEHOLDER_PREFIX, NODE_KINDS, SOURCE_KINDS } from './kinds.js';
import type { FlowCatalogueData, FlowLiveData } from './schemas.js';
import { DEFAULT_PORT, NODE_ID_PATTERN, TRIGGER_NODE_ID } from './definition.js';

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The generic shape of a definition (each source's and node's own keys are in `sources` and `nodes`). */
const DefinitionShape = z.strictObject({
  trigger: z.looseObject({ source: z.enum(SOURCE_NAMES) }).describe('{source, ...that source’s config keys}'),
  nodes: z.array(
    z.strictObject({
      id: z.string().regex(NODE_ID_PATTERN),
      type: z.enum(NODE_TYPES),
      config: z.record(z.string(), z.unknown()).optional().describe('That node type’s config; omitted reads as {}.'),
      position: z.strictObject({ x: z.number(), y: z.number() }).optional(),
      label: z.string().max(100).optional(),
    }),
  ),
  edges: z.array(z.strictObject({ from: z.string(), from_port: z.string().default(DEFAULT_PORT), to: z.string() })),
});

const RULES = [
  'Exactly one node has type trigger, and its id is "1"; definition.trigger holds its source.',
  'Every other node is reachable from the trigger by edges.',
  'An edge leaves by a port its node has (from_port defaults to output_1) and enters an existing node other than the trigger.',
  'A port leads to at most one node.',
  'collect_input has output_1 (valid answer) and output_2 (retries exhausted); message has one port per postback button plus output_timeout (without postback buttons: output_1 and output_timeout, both straight on after sending, output_1 first); condition has one per rule plus output_else.',
  'A cycle must pass through a node that waits (see each node’s `waits`).',
  'At most live.node_limit nodes.',
  'Every channel of the flow is one the trigger source fires on.',
  'Tags, custom fields, services, flows and comment triggers named in configs exist (live).',
  'Activation also needs no keyword (or ref, payload, entry point) shared with another active flow on a common channel.',
];

const codes = (filter: (code: IssueCode) => boolean) =>
  (Object.keys(ISSUE_CODES) as IssueCode[]).filter(filter).map((code) => ({ code, description: ISSUE_CODES[code] }));

/** Everything of the catalogue but `live`. */
export const STATIC_CATALOGUE: Omit<FlowCatalogueData, 'live'> = {
  definition: {
    shape: jsonSchemaOf(DefinitionShape),
    trigger_node_id: TRIGGER_NODE_ID,
    default_from_port: DEFAULT_PORT,
    node_id_pattern: NODE_ID_PATTERN.source,
    rules: RULES,
    errors: codes((code) => !WARNING_CODES.includes(code) || code === 'keyword_collision' || code === 'trigger_collision'),
    warnings: codes((code) => WARNING_CODES.includes(code)),
    max_listed_issues: MAX_LISTED_ISSUES,
  },
  sources: SOURCE_NAMES.map((name) => {
    const kind = SOURCE_KINDS[name];
    return {
      source: name,
      label: kind.label,
      description: kind.description,
      channels: [...kind.channels],
      needs_keywords: kind.needs_keywords,
      trigger_type: kind.trigger_type,
      config: jsonSchemaOf(SourceConfigs[name]),
      example: { ...(kind.example as Record<string, unknown>) },
    };
  }),
  nodes: NODE_TYPES.map((type) => {
    const kind = NODE_KINDS[type];
    return {
      type,
      label: kind.label,
      description: kind.description,
      inputs: kind.inputs,
      outputs: kind.outputs.map((port) => ({ ...port })),
      terminal: kind.terminal,
      waits: kind.waitsWhen,
      config: jsonSchemaOf(NodeConfigs[type]),
      example: { ...(kind.example as Record<string, unknown>) },
    };
  }),
  enums: {
    channels: [...FLOW_CHANNELS],
    match_types: [...MATCH_TYPES],
    input_types: [...INPUT_TYPES],
    rule_types: [...RULE_TYPES],
    action_types: [...ACTION_TYPES],
    delay_units: [...DELAY_UNITS],
    http_methods: [...HTTP_METHODS],
    button_types: [...BUTTON_TYPES],
    media_types: [...MEDIA_TYPES],
    trigger_types: [...TRIGGER_TYPES],
    ai_goals: [...AI_GOALS],
    stages: [...STAGES],
  },
  placeholders: [
    ...BUILT_IN_PLACEHOLDERS.map(({ name, description }) => ({ placeholder: `{${name}}`, description })),
    {
      placeholder: `{${CUSTOM_FIELD_PLACEHOLDER_PREFIX}<field_key>}`,
      description: 'The value of an active custom field (live.custom_fields); empty when unset.',
    },
    {
      placeholder: '{<variable_name>}',
      description: 'A variable set earlier in the flow (collect_input variable_name, http_request save_response_to, ai_reply save_summary_to).',
    },
  ],
};

export function catalogueWith(live: FlowLiveData): FlowCatalogueData {
  return { ...STATIC_CATALOGUE, live };
}
