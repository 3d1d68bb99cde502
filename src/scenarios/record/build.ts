/**
 * Recorded exchanges -> a scenario. Each exchange under the API base path becomes a request step
 * (and each under /_sandbox a sandbox step) with its response as the expectation. Captures are
 * inferred: an id a response returned and a later request used becomes a capture of the first
 * step and `{{name}}` in the later ones, so a replay on another deployment rebinds ids (minted
 * keys too: a key a response returned and a later request sent becomes a capture, never a value).
 * Volatile fields (ids, timestamps, cursors, request ids) get default match rules. Secrets and
 * personal data are redacted before anything is returned (redact.ts).
 */
import { formatPath, type PathSegment } from '../paths.js';
import type { MatchRuleInput, ScenarioInput, StepInput } from '../schema.js';
import { DROPPED_HEADERS, keyFromHeaders, Redactor, SECRET_FIELD } from './redact.js';
import type { RecordedExchange, RecordOptions } from './exchange.js';

const CONTROL_PREFIX = '/_sandbox';
const KEPT_REQUEST_HEADERS = new Set(['idempotency-key']);
const KEPT_RESPONSE_HEADERS = new Set(['idempotent-replayed']);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ID_KEY = /^(id|.+_id)$/;
/** `_id` fields the client chooses (identities, its own keys): never the server's ids. */
const CLIENT_IDS = new Set(['platform_user_id', 'idempotency_key', 'facebook_page_id', 'instagram_id', 'google_event_id']);
const VOLATILE_TEXT = new Set(['request_id', 'next_cursor', 'message_id', 'preview', 'invite_link']);

interface Located {
  readonly kind: 'request' | 'sandbox';
  readonly path: string;
  readonly query: [string, string][];
}

function parseJson(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined || text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function locate(url: string, basePath: string): Located | undefined {
  const parsed = new URL(url, 'http://recorded.invalid');
  const pathname = parsed.pathname;
  const query = [...parsed.searchParams.entries()];
  const api = pathname.indexOf(`${basePath}/`);
  if (api >= 0) {
    const path = pathname.slice(api + basePath.length);
    if (path === '/openapi.json') return undefined;
    return { kind: 'request', path, query };
  }
  const control = pathname.indexOf(`${CONTROL_PREFIX}/`);
  if (control >= 0) {
    const path = pathname.slice(control + CONTROL_PREFIX.length);
    if (path === '/openapi.json') return undefined;
    return { kind: 'sandbox', path, query };
  }
  return undefined;
}

function valueKey(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return `n:${value}`;
  if (typeof value === 'string' && value.length >= 3 && value.length <= 200) return `s:${value}`;
  return undefined;
}

function singular(segment: string): string {
  const word = segment.replace(/-/g, '_');
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ses')) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

interface Producer {
  readonly step: number;
  readonly path: PathSegment[];
  /** What the id names (`contact`, `conversation`, `minted_key`): only a use of the same kind binds. */
  readonly resource: string;
  name?: string;
}

/** The first path segment that is a resource name (`/contacts/12/tags` -> contacts). */
function resourceOfPath(stepPath: string): string {
  return singular(stepPath.split('/').filter((segment) => segment && !/^\d+$/.test(segment) && !segment.startsWith('{{'))[0] ?? 'item');
}

/**
 * What kind of id sits at a path: `contact_id` -> contact; `id` under `conversation` ->
 * conversation; `id` at the top of `data` -> the resource of the step's own path.
 */
function resourceAt(path: readonly PathSegment[], stepPath: string): string | undefined {
  const key = lastKey(path);
  if (key === undefined) return undefined;
  if (key === 'api_key') return 'minted_key';
  if (CLIENT_IDS.has(key)) return undefined;
  if (key.endsWith('_ids')) return key.slice(0, -4);
  if (key !== 'id') return ID_KEY.test(key) ? key.slice(0, -3) : undefined;
  const parent = path.slice(0, -1).filter((segment): segment is string => typeof segment === 'string' && segment !== 'data').pop();
  return parent === undefined ? resourceOfPath(stepPath) : singular(parent);
}

/** Every leaf of a JSON value with its path. */
function* leaves(value: unknown, path: PathSegment[] = []): Generator<[PathSegment[], unknown]> {
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* leaves(value[i], [...path, i]);
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) yield* leaves(item, [...path, key]);
  else yield [path, value];
}

function lastKey(path: readonly PathSegment[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return undefined;
}

/** Replaces values at paths (in a JSON value) with templates. */
function replaceAt(value: unknown, replace: (path: PathSegment[], leaf: unknown) => unknown, path: PathSegment[] = []): unknown {
  if (Array.isArray(value)) return value.map((item, i) => replaceAt(item, replace, [...path, i]));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = replaceAt(item, replace, [...path, key]);
    return out;
  }
  return replace(path, value);
}

function volatileRule(path: readonly PathSegment[], value: unknown): MatchRuleInput | undefined {
  const key = lastKey(path);
  if (key === undefined) return undefined;
  if (typeof value === 'string' && SECRET_FIELD.test(key)) return 'type';
  if (typeof value === 'string' && (ISO.test(value) || (key.endsWith('_at') && value !== ''))) return 'iso-timestamp';
  if (ID_KEY.test(key) && value !== null) return 'type';
  if (VOLATILE_TEXT.has(key) && value !== null) return 'type';
  return undefined;
}

/** `$.data[3].id` -> `$.data[*].id`: one rule for every item of a list. */
function generalize(path: readonly PathSegment[]): string {
  return formatPath(path.map((segment) => (typeof segment === 'number' ? -1 : segment))).replace(/\[-1\]/g, '[*]');
}

export function buildScenario(exchanges: readonly RecordedExchange[], options: RecordOptions = {}): ScenarioInput {
  const basePath = options.basePath ?? '/api/v1';
  const redactor = new Redactor(options);
  const kept = exchanges
    .map((exchange) => ({ exchange, at: locate(exchange.url, basePath) }))
    .filter((entry): entry is { exchange: RecordedExchange; at: Located } => entry.at !== undefined && entry.exchange.method !== 'OPTIONS');

  // Key names: known ones (serve --record), else `default`, `key2`, ... in order of first use.
  const keyNames = new Map<string, string>(options.keyNames ?? []);
  const producers = new Map<string, Producer>();
  const names = new Set<string>();
  const steps: StepInput[] = [];
  const captures: Record<string, string>[] = [];

  const nameFor = (producer: Producer, stepPath: string): string => {
    if (producer.name) return producer.name;
    void stepPath;
    const base = producer.resource === 'minted_key' ? 'minted_key' : `${producer.resource.replace(/[^A-Za-z0-9_]/g, '_')}_id`;
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}_${n}`;
    names.add(name);
    producer.name = name;
    captures[producer.step]![name] = formatPath(producer.path);
    return name;
  };

  for (const { exchange, at } of kept) {
    const index = steps.length;
    captures.push({});
    const templated = new Set<string>();
    const bind = (value: unknown, resource: string | undefined): string | undefined => {
      const key = valueKey(value);
      const producer = key ? producers.get(key) : undefined;
      if (!producer || resource === undefined || producer.resource !== resource) return undefined;
      return `{{${nameFor(producer, String(steps[producer.step]?.request?.path ?? steps[producer.step]?.sandbox?.path ?? ''))}}}`;
    };

    // The request: path segments, id-like query values and body fields that an earlier response returned.
    const segments = at.path.split('/');
    const path = segments
      .map((segment, i) => {
        if (segment === '' || i === 0) return segment;
        const decoded = decodeURIComponent(segment);
        const asNumber = /^\d+$/.test(decoded) ? Number(decoded) : decoded;
        const resource = singular(decodeURIComponent(segments[i - 1]!));
        return bind(asNumber, resource) ?? bind(decoded, resource) ?? segment;
      })
      .join('/');
    const query: Record<string, string> = {};
    for (const [name, value] of at.query) {
      query[name] = (ID_KEY.test(name) ? bind(/^\d+$/.test(value) ? Number(value) : value, resourceAt([name], at.path)) : undefined) ?? value;
    }
    const requestJson = parseJson(exchange.requestBody);
    const body = requestJson.ok
      ? replaceAt(requestJson.value, (leafPath, leaf) => {
          const key = lastKey(leafPath);
          return key !== undefined && (ID_KEY.test(key) || key.endsWith('_ids')) ? (bind(leaf, resourceAt(leafPath, at.path)) ?? leaf) : leaf;
        })
      : exchange.requestBody;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(exchange.requestHeaders)) {
      if (KEPT_REQUEST_HEADERS.has(name.toLowerCase()) && !DROPPED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase() === 'idempotency-key' ? 'Idempotency-Key' : name] = value;
    }
    const rawKey = keyFromHeaders(exchange.requestHeaders);
    let key: string;
    if (rawKey === undefined) key = 'none';
    else {
      redactor.addSecret(rawKey);
      const minted = bind(rawKey, 'minted_key');
      if (minted) key = minted;
      else {
        if (!keyNames.has(rawKey)) {
          const used = new Set(keyNames.values());
          let name = 'default';
          for (let n = 2; used.has(name); n++) name = `key${n}`;
          keyNames.set(rawKey, name);
        }
        key = keyNames.get(rawKey)!;
      }
    }

    // Values the request itself carried (a platform_user_id, a name) are not the server's ids.
    const sent = new Set<string>();
    if (requestJson.ok) for (const [, leaf] of leaves(requestJson.value)) sent.add(valueKey(leaf) ?? '');
    for (const segment of at.path.split('/')) sent.add(valueKey(/^\d+$/.test(segment) ? Number(segment) : segment) ?? '');
    for (const [, value] of at.query) sent.add(valueKey(/^\d+$/.test(value) ? Number(value) : value) ?? '');

    // The response: the expectation, with values bound earlier as templates and volatile fields loosened.
    const responseJson = parseJson(exchange.responseBody);
    const match: Record<string, MatchRuleInput> = {};
    let expectedBody: unknown;
    if (responseJson.ok) {
      redactor.collect(responseJson.value);
      expectedBody = replaceAt(responseJson.value, (leafPath, leaf) => {
        const keyName = lastKey(leafPath);
        const bound = keyName !== undefined && ID_KEY.test(keyName) ? bind(leaf, resourceAt(leafPath, at.path)) : undefined;
        if (bound) {
          templated.add(formatPath(leafPath));
          return bound;
        }
        return leaf;
      });
      // One rule per list column ($.data[*].created_at) unless its items disagree (a null among timestamps).
      const columns = new Map<string, { rule: MatchRuleInput | undefined; mixed: boolean; concrete: [string, MatchRuleInput][] }>();
      for (const [leafPath, leaf] of leaves(responseJson.value)) {
        if (templated.has(formatPath(leafPath))) continue;
        const key = lastKey(leafPath);
        const rule = key !== undefined && typeof leaf === 'string' && redactor.isPersonal(key, leafPath) ? 'type' : volatileRule(leafPath, leaf);
        const column = generalize(leafPath);
        const entry = columns.get(column) ?? { rule, mixed: false, concrete: [] };
        if (entry.rule !== rule) entry.mixed = true;
        if (rule) entry.concrete.push([formatPath(leafPath), rule]);
        columns.set(column, entry);
        // Ids and secrets this response returns may be used later.
        const keyName = lastKey(leafPath);
        const valueId = valueKey(leaf);
        if (keyName !== undefined && valueId && (ID_KEY.test(keyName) || keyName === 'api_key') && !producers.has(valueId) && !sent.has(valueId)) {
          const resource = resourceAt(leafPath, at.path);
          if (resource !== undefined) producers.set(valueId, { step: index, path: leafPath, resource });
        }
      }
      for (const [column, entry] of columns) {
        if (!entry.mixed && entry.rule) match[column] = entry.rule;
        else if (entry.mixed) for (const [path, rule] of entry.concrete) match[path] = rule;
      }
    }
    if (requestJson.ok) redactor.collect(requestJson.value);
    const expectHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(exchange.responseHeaders)) {
      if (KEPT_RESPONSE_HEADERS.has(name.toLowerCase())) expectHeaders[name.toLowerCase() === 'idempotent-replayed' ? 'Idempotent-Replayed' : name] = value;
    }

    const requestSpec = {
      method: exchange.method.toUpperCase(),
      path,
      ...(Object.keys(query).length > 0 ? { query } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(at.kind === 'request' || key !== 'admin' ? { key } : {}),
      ...(body !== undefined ? { body } : {}),
    };
    const step: StepInput = {
      name: `${exchange.method.toUpperCase()} ${at.kind === 'sandbox' ? CONTROL_PREFIX : ''}${path}`,
      [at.kind]: requestSpec,
      expect: {
        status: exchange.status,
        ...(Object.keys(expectHeaders).length > 0 ? { headers: expectHeaders } : {}),
        ...(expectedBody !== undefined ? { body: expectedBody } : {}),
        ...(Object.keys(match).length > 0 ? { match } : {}),
      },
    };
    steps.push(step);
  }

  // Captures found while reading later steps go on their producing steps.
  const finished = steps.map((step, i) => (Object.keys(captures[i]!).length > 0 ? { ...step, capture: captures[i] } : step));
  const scenario: ScenarioInput = {
    scenario: options.name ?? `Recorded traffic (${finished.length} steps)`,
    steps: finished,
  };
  if (finished.length === 0) {
    throw new Error(`nothing to record: no exchange under ${basePath}/ or ${CONTROL_PREFIX}/`);
  }
  return redactor.apply(scenario);
}
