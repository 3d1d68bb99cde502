/**
 * What a consumer's tools need from a schema that zod's JSON Schema output does not say by itself
 * (issue 13). Applied by the document builder to every schema it converts, so every route and
 * event, present and future, gets it without per-route work:
 *
 * - timestamps (`Timestamp`, the spec's 2.1 format) carry `format: date-time`, dates `format: date`,
 *   so mock servers and generated docs show instants rather than the word "string";
 * - integers lose zod's ±2^53-1 bounds (a mock answered `"id": -9007199254740991`): an unbounded
 *   integer is `format: int64`, and a positive one (`exclusiveMinimum: 0`, every resource id)
 *   reads `minimum: 1`;
 * - path and query parameters are typed as the spec types them, not as the string the wire
 *   carries: a digits-only parameter is an `integer` (ids: `minimum: 1`), `true`/`false` is a
 *   `boolean`. Typed clients then take `contact.id` and `true` as they are; the pipeline still
 *   parses the text it receives, which is what those clients send.
 */
import { TIMESTAMP_PATTERN } from '../core/clock.js';

export type JsonSchema = Record<string, unknown>;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/**
 * Adjusts one converted schema node in place (zod's `override` hook calls it per node). `input`
 * nodes (request bodies, parameters) say their default in words instead of the `default`
 * keyword: openapi-typescript's default options read `default` as "always present" and make the
 * field required, so a plain `POST /messages` without `action` would not compile.
 */
export function tidySchemaNode(node: JsonSchema, io: 'input' | 'output' = 'output'): void {
  if (io === 'input' && 'default' in node) {
    const said = `Default: ${JSON.stringify(node['default'])}.`;
    const description = typeof node['description'] === 'string' ? node['description'] : '';
    node['description'] = description === '' ? said : `${description.replace(/\.?\s*$/, '.')} ${said}`;
    delete node['default'];
  }
  if (node['type'] === 'string' && node['pattern'] === TIMESTAMP_PATTERN.source) {
    node['format'] = 'date-time';
  } else if (node['type'] === 'string' && node['pattern'] === DATE_PATTERN) {
    node['format'] = 'date';
  }
  if (node['type'] === 'integer') {
    let unbounded = false;
    if (node['minimum'] === -MAX_SAFE) {
      delete node['minimum'];
      unbounded = true;
    }
    if (node['maximum'] === MAX_SAFE) {
      delete node['maximum'];
      unbounded = true;
    }
    if (node['exclusiveMinimum'] === 0) {
      delete node['exclusiveMinimum'];
      node['minimum'] = 1;
    }
    if (unbounded && node['format'] === undefined) node['format'] = 'int64';
  }
}

/**
 * `^\d{1,15}$`, `^-?\d+$`, `^[0-9]{1,9}$`, `^[1-9]\d{0,14}$`: a whole number written as text.
 * Groups: the sign, a leading `[1-9]` (no zero), the digit class, the repeat.
 */
const DIGITS = /^\^(-\?)?(\[1-9\])?(?:\\d|\[0-9\])(\+|\{(\d+),(\d+)\})\$$/;

/**
 * A path or query parameter's schema as its value's type: the wire carries text, but the spec's
 * ids are integers and its flags booleans. `name` decides whether a digits-only parameter is an
 * id (`id`, `*_id`, or any path parameter): ids start at 1, as does any pattern that refuses a
 * leading zero. A bounded repeat gives the largest value it lets through.
 */
export function parameterSchema(schema: JsonSchema, where: 'path' | 'query', name: string): JsonSchema {
  const enumValues = schema['enum'];
  if (Array.isArray(enumValues) && enumValues.length === 2 && enumValues.includes('true') && enumValues.includes('false')) {
    const { enum: _enum, type: _type, ...rest } = schema;
    return { ...rest, type: 'boolean' };
  }
  const pattern = schema['pattern'];
  if (schema['type'] === 'string' && typeof pattern === 'string') {
    const digits = DIGITS.exec(pattern);
    if (digits) {
      const { pattern: _pattern, type: _type, minLength: _min, maxLength: _max, ...rest } = schema;
      const signed = digits[1] !== undefined;
      const noZero = digits[2] !== undefined;
      const isId = noZero || where === 'path' || name === 'id' || name.endsWith('_id');
      const mostDigits = digits[5] === undefined ? undefined : Number(digits[5]) + (noZero ? 1 : 0);
      return {
        ...rest,
        type: 'integer',
        format: 'int64',
        ...(signed ? {} : { minimum: isId ? 1 : 0 }),
        ...(mostDigits !== undefined && mostDigits <= 15 ? { maximum: 10 ** mostDigits - 1 } : {}),
      };
    }
  }
  return schema;
}
