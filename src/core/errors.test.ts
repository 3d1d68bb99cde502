import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CATALOGUE, ERROR_CODES, errorBody, invalidParam, notFound } from './errors.js';
import { utf8Length } from './normalize.js';
import { testSimulator } from '../../test/support/simulator.js';
import type { SimResponse } from './types.js';

const SPEC_PATH = fileURLToPath(new URL('../../docs/spec/messaging-api-v1.md', import.meta.url));

interface SpecCode {
  readonly status: number;
  readonly code: string;
  readonly table: '7.1' | '7.2';
}

/** Reads the `| HTTP | code | When |` tables of 7.1 and 7.2; a row may list several codes. */
function specErrorCodes(text: string): SpecCode[] {
  const out: SpecCode[] = [];
  const section = (start: string, end: string): string => {
    const from = text.indexOf(start);
    const to = text.indexOf(end, from + start.length);
    if (from < 0 || to < 0) throw new Error(`spec section ${start} not found`);
    return text.slice(from, to);
  };
  const tables: [SpecCode['table'], string][] = [
    ['7.1', section('### 7.1', '### 7.2')],
    ['7.2', section('### 7.2', '## 8.')],
  ];
  for (const [table, body] of tables) {
    for (const line of body.split('\n')) {
      const row = /^\|\s*(\d{3})\s*\|\s*([^|]+?)\s*\|/.exec(line);
      if (!row) continue;
      for (const code of row[2]!.split(',')) out.push({ status: Number(row[1]), code: code.trim(), table });
    }
  }
  return out;
}

const error = (res: SimResponse): { code: string; message: string; param?: string } =>
  (res.body as { error: { code: string; message: string; param?: string } }).error;

describe.skipIf(!existsSync(SPEC_PATH))('ERROR_CATALOGUE against the spec tables', () => {
  const codes = existsSync(SPEC_PATH) ? specErrorCodes(readFileSync(SPEC_PATH, 'utf8')) : [];

  it('parses a plausible number of rows from both tables', () => {
    expect(codes.filter((c) => c.table === '7.1').length).toBeGreaterThanOrEqual(40);
    expect(codes.filter((c) => c.table === '7.2').length).toBe(8);
    for (const { code } of codes) expect(code).toMatch(/^[a-z_]+$/);
  });

  it('holds every code of 7.1 and 7.2', () => {
    const missing = codes.filter(({ code }) => !Object.hasOwn(ERROR_CATALOGUE, code)).map(({ code }) => code);
    expect(missing).toEqual([]);
  });

  it('gives each code a status the spec gives it', () => {
    const statuses = new Map<string, Set<number>>();
    for (const { code, status } of codes) statuses.set(code, (statuses.get(code) ?? new Set()).add(status));
    for (const [code, allowed] of statuses) {
      const info = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE];
      expect([...allowed], code).toContain(info.status);
    }
  });

  it('marks only codes the spec does not list as decisions', () => {
    const specCodes = new Set(codes.map((c) => c.code));
    for (const code of ERROR_CODES) {
      const source = ERROR_CATALOGUE[code].source;
      expect(specCodes.has(code), `${code} (${source})`).toBe(source !== 'decision');
    }
  });
});

describe('ApiError and errorBody (unit)', () => {
  it('takes its status from the catalogue unless overridden', () => {
    expect(new ApiError('not_found', 'x').status).toBe(404);
    expect(new ApiError('invalid_param', 'x', { status: 422 }).status).toBe(422);
  });

  it('builds {error: {code, message}} and adds param and extra only when given', () => {
    expect(errorBody(notFound('Contact'))).toEqual({ error: { code: 'not_found', message: 'Contact not found.' } });
    expect(errorBody(invalidParam('limit', 'bad'))).toEqual({ error: { code: 'invalid_param', message: 'bad', param: 'limit' } });
    const tooSoon = new ApiError('too_soon', 'wait', { extra: { retry_after_seconds: 30 } });
    expect(errorBody(tooSoon)).toEqual({ error: { code: 'too_soon', message: 'wait', retry_after_seconds: 30 } });
  });
});

describe('the envelope through the pipeline', () => {
  const { sim, keys } = testSimulator();

  it('answers malformed JSON with 400 invalid_json', async () => {
    for (const body of ['{', '{"name": "x",}', 'nope', '{"name": "x"} trailing']) {
      const res = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body });
      expect(res.status, body).toBe(400);
      expect(error(res).code).toBe('invalid_json');
    }
  });

  it('answers an in-process body JSON cannot hold (a cycle, a BigInt, too deep) with 400 invalid_json, never a 500', async () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    for (const body of [cyclic, { name: 'big', n: 10n }, { name: 'deep', deep }]) {
      const res = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body });
      expect(res.status).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_json', param: 'body' });
    }
  });

  it('answers wrong types with 400 invalid_param naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ name: 5 }, 'name'],
      [{ name: 'ok', scope: 'root' }, 'scope'],
      [{ name: 'ok', scope: 3 }, 'scope'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{}, 'name'],
      [{ name: 'ok', foo: 1 }, 'foo'],
    ];
    for (const [body, param] of cases) {
      const res = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param });
      expect(error(res).message).toEqual(expect.any(String));
    }
  });

  it('answers a JSON body that is not an object with 400 invalid_param', async () => {
    for (const body of ['[]', 'null', '5', '"text"']) {
      const res = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body });
      expect(res.status, body).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'body' });
    }
  });

  it('refuses a bodiless request on a route that needs a body', async () => {
    const res = await sim.request({ method: 'POST', path: '/_sandbox/clock/advance', headers: { 'X-Sandbox-Token': sim.controlToken } });
    expect(res.status).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'body' });
  });

  it('answers a body over 1 MiB with 413 payload_too_large and changes nothing', async () => {
    const before = sim.snapshot().store.collections['api_keys']!.length;
    const body = JSON.stringify({ name: 'big', padding: 'x'.repeat(1024 * 1024) });
    const res = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body });
    expect(res.status).toBe(413);
    expect(error(res)).toMatchObject({ code: 'payload_too_large', param: 'body' });
    expect(sim.snapshot().store.collections['api_keys']!.length).toBe(before);
  });

  it('counts the limit in UTF-8 bytes, not characters, in process as on the wire', async () => {
    const small = testSimulator({ maxBodyBytes: 64 });
    // Fewer than 64 characters, more than 64 bytes: a character count alone would let it through.
    const wide = JSON.stringify({ name: 'é'.repeat(19), p: 'x'.repeat(10) });
    expect(wide.length).toBeLessThan(64);
    expect(utf8Length(wide)).toBe(Buffer.byteLength(wide));
    expect(Buffer.byteLength(wide)).toBeGreaterThan(64);
    const res = await small.sim.request({ method: 'POST', path: '/api-keys', key: small.keys.full, body: wide });
    expect(res.status).toBe(413);
  });

  it('utf8Length matches Buffer.byteLength, surrogate pairs included', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀b', '\ud800', '\udc00x', '\ud800\ud800', 'ß日本語😀🎉']) {
      expect(utf8Length(text), JSON.stringify(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });

  it('accepts a body of exactly the limit and honours maxBodyBytes', async () => {
    const small = testSimulator({ maxBodyBytes: 64 });
    const exact = JSON.stringify({ name: 'n'.repeat(64 - 11) });
    expect(exact.length).toBe(64);
    const ok = await small.sim.request({ method: 'POST', path: '/api-keys', key: small.keys.full, body: exact });
    expect(ok.status).toBe(201);
    const over = await small.sim.request({ method: 'POST', path: '/api-keys', key: small.keys.full, body: `${exact} ` });
    expect(over.status).toBe(413);
  });

  it('every error carries Request-Id and a content body', async () => {
    const res = await sim.request({ path: '/nope' });
    expect(res.headers['Request-Id']).toMatch(/^req_/);
    expect(Object.keys(res.body as object)).toEqual(['error']);
  });
});
