/**
 * A first guess at a request body from its schema in the generated document (issue 13, examples):
 * required fields only (the first field when none is required), each given the plainest value
 * its schema accepts, and ids of the default seed where a field names one (`contact_id`,
 * `tag_ids`). The guess is only an input: the example a reader sees is what the simulator
 * answered to it, so a guess that is refused shows as the refusal it got, never as a success.
 * Operations whose body cannot be guessed take an authored input (./inputs.ts).
 */
export type JsonSchema = Record<string, unknown>;

/** Resolves an id-naming field (`contact_id`, `tag_ids`, `flowId`) to a seed id, when there is one. */
export type IdLookup = (field: string) => number | undefined;

export interface SynthesisContext {
  readonly components: Readonly<Record<string, JsonSchema>>;
  readonly idFor: IdLookup;
  /** An instant in the example simulator's near future (`scheduled_at`, `start`). */
  readonly future: string;
}

const MAX_DEPTH = 6;

function resolve(schema: JsonSchema, context: SynthesisContext): JsonSchema {
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return schema;
  const target = context.components[ref.replace('#/components/schemas/', '')];
  return target === undefined ? {} : resolve(target, context);
}

function firstBranch(schema: JsonSchema): JsonSchema | undefined {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const branch = (branches as JsonSchema[]).find((candidate) => candidate['type'] !== 'null');
      if (branch !== undefined) return branch;
    }
  }
  return undefined;
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = schema['type'];
  if (Array.isArray(type)) return (type as string[]).find((name) => name !== 'null');
  return typeof type === 'string' ? type : undefined;
}

function stringFor(schema: JsonSchema, field: string, context: SynthesisContext): string {
  const format = schema['format'];
  if (format === 'date-time') return context.future;
  if (format === 'date') return context.future.slice(0, 10);
  if (format === 'email' || /email/i.test(field)) return 'ada@example.com';
  if (format === 'uri' || format === 'url' || /url$/i.test(field)) return 'https://hooks.example.test/switchboard';
  if (/phone/i.test(field)) return '+15555550123';
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 1;
  const words = /name|title/i.test(field) ? 'Example name' : 'Example text for the documentation';
  return words.length >= min ? words : words.padEnd(min, '.');
}

/** The plainest value `schema` accepts, for a field named `field`. */
export function synthesize(schema: JsonSchema, field: string, context: SynthesisContext, depth = 0): unknown {
  const node = resolve(schema, context);
  if ('const' in node) return node['const'];
  if (Array.isArray(node['enum'])) return (node['enum'] as unknown[])[0];
  if ('default' in node) return node['default'];
  const branch = firstBranch(node);
  if (branch !== undefined) return synthesize(branch, field, context, depth);
  if (Array.isArray(node['allOf'])) return synthesize((node['allOf'] as JsonSchema[])[0]!, field, context, depth);
  switch (typeOf(node)) {
    case 'object': {
      if (depth >= MAX_DEPTH) return {};
      const properties = (node['properties'] ?? {}) as Record<string, JsonSchema>;
      const required = (node['required'] as string[] | undefined) ?? [];
      const names = required.length > 0 ? required : Object.keys(properties).slice(0, 1);
      const out: Record<string, unknown> = {};
      for (const name of names) {
        const property = properties[name];
        if (property !== undefined) out[name] = synthesize(property, name, context, depth + 1);
      }
      return out;
    }
    case 'array': {
      const items = (node['items'] ?? {}) as JsonSchema;
      const count = typeof node['minItems'] === 'number' && node['minItems'] > 0 ? node['minItems'] : 1;
      const singular = field.replace(/s$/, '');
      return Array.from({ length: count }, () => synthesize(items, singular, context, depth + 1));
    }
    case 'integer':
    case 'number': {
      const id = /(^|_)ids?$|Id$/.test(field) ? context.idFor(field) : undefined;
      if (id !== undefined) return id;
      const minimum = typeof node['minimum'] === 'number' ? node['minimum'] : 1;
      return Math.max(minimum, 1);
    }
    case 'boolean':
      return true;
    case 'string':
      return stringFor(node, field, context);
    default:
      return null;
  }
}
