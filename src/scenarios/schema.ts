/**
 * The scenario file format (docs/scenarios.md): one zod schema validates every file and is also
 * published as a JSON Schema (`switchboard scenario schema`, docs/scenario.schema.json) so that
 * editors autocomplete and check scenario files. Wire shapes only; no logic.
 */
import { z } from 'zod';

export const RULE_NAMES = ['ignore', 'type', 'regex', 'iso-timestamp', 'any-of', 'exists', 'equals'] as const;
export type RuleName = (typeof RULE_NAMES)[number];
export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** A duration: milliseconds, or text such as `500ms`, `5s`, `2m`. */
export const Duration = z
  .union([z.number().int().min(0), z.string().regex(/^\d+(\.\d+)?\s*(ms|s|m|h)$/, 'must be a duration like 500ms, 5s or 2m')])
  .describe('Milliseconds, or a duration such as 500ms, 5s, 2m.');

/**
 * A match rule for one JSON path. A bare name: `ignore`, `type` (same JSON type as the expected
 * value), `iso-timestamp`, `exists`, `equals`. An object: `{type: number}`, `{regex: '^evt_'}`,
 * `{any-of: [a, b]}`, `{equals: value}`.
 */
export const MatchRule = z
  .union([
    z.enum(['ignore', 'type', 'iso-timestamp', 'exists', 'equals']),
    z.strictObject({ type: z.enum(JSON_TYPES) }),
    z.strictObject({ regex: z.string().min(1) }),
    z.strictObject({ 'any-of': z.array(z.unknown()).min(1) }),
    z.strictObject({ equals: z.unknown() }),
  ])
  .describe('ignore | type | iso-timestamp | exists | equals, or {type: T} | {regex: R} | {any-of: [...]} | {equals: V}');
export type MatchRuleInput = z.input<typeof MatchRule>;

/** `$.data.id`, `$.data[0].id`, `$.data[*].id`, `$..created_at`; `headers.<name>` for a header. */
const RulePath = z.string().regex(/^(\$|headers\.)/, 'a rule path starts with $ (the body) or headers. (a header)');
export const MatchRules = z.record(RulePath, MatchRule).describe('Match rules by JSON path; the most specific path wins.');

const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name');
const Method = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']));

/** A credential of the target, by name: never a key itself. */
const NOT_A_KEY = 'must name a credential (full, admin, write, read, default, a name of yours) or none; never a key';
export const KeyRef = z
  .string()
  // A name that looks like a key (sbx_..., a long random run) is refused: keys never go in files.
  .refine((name) => /^(none|[A-Za-z][A-Za-z0-9_-]{0,31}|\{\{[A-Za-z_$][A-Za-z0-9_]*\}\})$/.test(name) && !/^sbx_/i.test(name) && !/[A-Za-z0-9]{20,}/.test(name), NOT_A_KEY)
  .describe('The name of a target credential (full, admin, write, read, default, ...) or none. Keys never appear in a scenario.');

const Query = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

export const RequestSpec = z.strictObject({
  method: Method.default('GET'),
  path: z.string().regex(/^\//, 'must start with /').describe('Relative to the API base URL (/contacts) or, in a sandbox step, to /_sandbox.'),
  query: Query.optional(),
  headers: z.record(HeaderName, z.string()).optional(),
  key: KeyRef.optional(),
  body: z.unknown().optional(),
});
export type RequestSpecInput = z.input<typeof RequestSpec>;

export const Expectation = z.strictObject({
  status: z.union([z.number().int().min(100).max(599), z.array(z.number().int().min(100).max(599)).min(1)]).optional(),
  headers: z.record(HeaderName, z.union([z.string(), MatchRule])).optional().describe('Selected headers: a value (equals) or a rule.'),
  body: z.unknown().optional().describe('The expected body. Objects match on the keys given (all keys with strict).'),
  match: MatchRules.optional(),
  strict: z.boolean().optional().describe('Fields the expectation does not name are mismatches too.'),
});

const Capture = z.union([
  z.string().regex(/^(\$|header:)/, 'a capture is a JSON path ($.data.id) or header:<name>'),
  z.strictObject({ path: z.string().regex(/^\$/), optional: z.boolean().optional() }),
]);
const VarName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name (letters, digits, _)');

export const AwaitSpec = z.strictObject({
  event: z.string().min(1).describe('The event type, e.g. conversation.resolved.'),
  timeout: Duration.optional().describe('Default 5s.'),
});

export const Step = z
  .strictObject({
    name: z.string().min(1).max(200),
    request: RequestSpec.optional(),
    sandbox: RequestSpec.optional().describe('A /_sandbox control-plane call (sandbox targets only).'),
    await: AwaitSpec.optional().describe('An event: the sandbox journal, or webhook deliveries to a local receiver.'),
    wait: Duration.optional(),
    expect: Expectation.optional(),
    capture: z.record(VarName, Capture).optional().describe('Values to bind from the response: name: $.data.id'),
    note: z.string().optional(),
  })
  .superRefine((step, ctx) => {
    const kinds = (['request', 'sandbox', 'await', 'wait'] as const).filter((kind) => step[kind] !== undefined);
    if (kinds.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: kinds.length === 0 ? 'a step needs one of request, sandbox, await or wait' : `a step has exactly one of request, sandbox, await or wait, not ${kinds.join(' and ')}`,
      });
    }
  });
export type StepInput = z.input<typeof Step>;
export type ScenarioStep = z.output<typeof Step>;

export const Scenario = z.strictObject({
  $schema: z.string().optional(),
  scenario: z.string().min(1).describe('What the scenario shows, in one line.'),
  description: z.string().optional(),
  requires: z.enum(['sandbox', 'any']).optional().describe('sandbox: fail against a real deployment instead of skipping sandbox steps.'),
  account: z.number().int().positive().optional().describe('The seed account whose keys the sandbox target uses (default 1).'),
  seed: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional().describe('Seed for --target sandbox: a file (relative to this one) or the seed itself.'),
  clock: z.strictObject({ frozen_at: z.string().min(1) }).optional().describe('Start the in-process sandbox with its clock frozen here.'),
  rate_limit: z.string().optional().describe('Rate limit of the in-process sandbox (default off), e.g. 200/20.'),
  vars: z.record(VarName, z.union([z.string(), z.number(), z.boolean()])).optional(),
  defaults: z
    .strictObject({
      key: KeyRef.optional(),
      headers: z.record(HeaderName, z.string()).optional(),
      match: MatchRules.optional(),
      strict: z.boolean().optional(),
    })
    .optional(),
  steps: z.array(Step).min(1),
});
export type ScenarioInput = z.input<typeof Scenario>;
export type ScenarioFile = z.output<typeof Scenario>;

/** The JSON Schema editors use (generated, never written by hand). */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(Scenario, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, $id: 'https://switchboard.invalid/scenario.schema.json', title: 'Switchboard scenario' };
}
