/**
 * Unit tests of the kit's own machinery (no target): replay tokens, redaction and curl lines,
 * the profile guard, the ledger file, the pacer's arithmetic and the reporters' last line.
 */
import { mkdtempSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Pacer } from './http/pacer.js';
import { Redactor } from './http/redact.js';
import { renderCurl, renderRequest } from './http/render.js';
import { clockWaiter, type Waiter } from './http/waiter.js';
import { formatReplay, parseReplay } from './options.js';
import { lastLine } from './reporters/console.js';
import { formatJunit } from './reporters/junit.js';
import { buildMatrix, totalsOf } from './runner/matrix.js';
import { ABSENT_ID, ProfileRefusal, guardRequest } from './safety/guard.js';
import { Ledger } from './safety/ledger.js';
import { cleanupCommand, describeLeftover, sweep } from './safety/sweeper.js';
import { ConformanceUsageError } from './errors.js';
import { KitClient as RealKitClient, type KitClient, type KitResponse } from './http/client.js';
import { fail } from './runner/expect.js';
import { setupStep } from './runner/failure.js';
import { checkCatalogue } from './runner/run.js';
import { closest, validateSelection } from './runner/select.js';
import type { CheckResult, ConformanceReport, ExchangeRecord } from './types.js';

describe('replay tokens', () => {
  it('round-trips check id, seed, path and the commands replay path', () => {
    const token = formatReplay('contacts.model', -12, '3:1:0', 'GAAB:K');
    expect(token).toBe('contacts.model@-12:3:1:0#GAAB:K');
    expect(parseReplay(token)).toEqual({ checkId: 'contacts.model', seed: -12, path: '3:1:0', replayPath: 'GAAB:K' });
    expect(parseReplay('scope.POST /tags')).toEqual({ checkId: 'scope.POST /tags', seed: undefined, path: undefined, replayPath: undefined });
    expect(() => parseReplay('x@notanumber')).toThrow(/--replay/);
  });
});

describe('redaction and curl', () => {
  const exchange: ExchangeRecord = {
    seq: 3,
    method: 'POST',
    url: 'https://api.example.test/api/v1/api-keys',
    requestHeaders: { 'X-Service-Api-Key': 'sbx_secret_key_1234', 'Content-Type': 'application/json', 'X-Switchboard-Run': 'sbc_x/3' },
    requestBody: `{"name":"it's"}`,
    status: 201,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{"data":{"api_key":"sbx_minted_5678","signing_secret":"whsec_abc"}}',
    durationMs: 1,
    keyLabel: 'a',
  };
  const redactor = new Redactor();
  redactor.add('sbx_secret_key_1234', '$SWITCHBOARD_API_KEY');

  it('never prints a key or a secret', () => {
    const text = renderRequest(exchange, redactor) + redactor.text(exchange.responseBody);
    expect(text).not.toContain('sbx_secret_key_1234');
    expect(text).not.toContain('sbx_minted_5678');
    expect(text).not.toContain('whsec_abc');
  });

  it('quotes for the shell and lets the key placeholder expand', () => {
    const curl = renderCurl(exchange, redactor);
    expect(curl).toContain(`-H "X-Service-Api-Key: $SWITCHBOARD_API_KEY"`);
    expect(curl).toContain(`--data-raw '{"name":"it'\\''s"}'`);
  });

  it('renders an upload as curl -F fields, the file by name and type', () => {
    const upload: ExchangeRecord = {
      ...exchange,
      url: 'https://api.example.test/api/v1/media',
      requestHeaders: { 'X-Service-Api-Key': 'sbx_secret_key_1234' },
      requestBody: 'multipart/form-data: file=<file kit.png image/png 84 bytes>; name="Kit"',
      requestForm: [{ name: 'file', file: { filename: 'kit.png', type: 'image/png', size: 84 } }, { name: 'name', value: 'Kit' }],
    };
    const curl = renderCurl(upload, redactor);
    expect(curl).toContain(`-F 'file=@kit.png;type=image/png' -F 'name=Kit'`);
    expect(curl).not.toContain('--data-raw');
  });
});

describe('profile guard', () => {
  const ledger = new Ledger('sbc_guardtest', 'http://x/api/v1', false);
  ledger.add({ kind: 'tag', id: 41, account: 'a', method: 'DELETE', path: '/tags/41', seq: 1 });

  it('read-only lets only GETs through', () => {
    expect(() => guardRequest('read-only', ledger, 'GET', '/contacts')).not.toThrow();
    expect(() => guardRequest('read-only', ledger, 'POST', '/tags')).toThrow(ProfileRefusal);
  });

  it('safe changes only what the kit owns, or the absent id, or a harmless probe', () => {
    expect(() => guardRequest('safe', ledger, 'POST', '/tags')).not.toThrow();
    expect(() => guardRequest('safe', ledger, 'DELETE', '/tags/41')).not.toThrow();
    expect(() => guardRequest('safe', ledger, 'DELETE', `/tags/${ABSENT_ID}`)).not.toThrow();
    expect(() => guardRequest('safe', ledger, 'DELETE', '/tags/42')).toThrow(ProfileRefusal);
    expect(() => guardRequest('safe', ledger, 'POST', '/contacts/42/tags')).toThrow(ProfileRefusal);
    expect(() => guardRequest('safe', ledger, 'PATCH', '/ai/config')).toThrow(ProfileRefusal);
    expect(() => guardRequest('safe', ledger, 'PATCH', '/ai/config', true)).not.toThrow();
    expect(() => guardRequest('full', ledger, 'DELETE', '/tags/42')).not.toThrow();
  });

  it('safe matches an id by kind and account: tag 41 is not contact 41, nor account B\'s tag 41', () => {
    // Servers number each table (and each account) from 1: an id alone would let the kit touch
    // a customer's record that shares a number with something the kit made.
    expect(() => guardRequest('safe', ledger, 'DELETE', '/contacts/41')).toThrow(ProfileRefusal);
    expect(() => guardRequest('safe', ledger, 'POST', '/conversations/41/assign')).toThrow(ProfileRefusal);
    expect(() => guardRequest('safe', ledger, 'DELETE', '/tags/41', false, 'a')).not.toThrow();
    expect(() => guardRequest('safe', ledger, 'DELETE', '/tags/41', false, 'b')).toThrow(ProfileRefusal);
    // Account A's tag 41 sent with B's key: an isolation probe, let through only after B's own
    // lookup of the item answers 404 (the client does that lookup).
    try {
      guardRequest('safe', ledger, 'POST', '/tags/41/anything', false, 'b');
    } catch (error) {
      expect((error as ProfileRefusal).otherAccountItems).toEqual(['/tags/41']);
    }
    try {
      guardRequest('safe', ledger, 'DELETE', '/contacts/41', false, 'b');
    } catch (error) {
      expect((error as ProfileRefusal).otherAccountItems).toEqual([]);
    }
    const posts = new Ledger('sbc_guardtest2', 'http://x/api/v1', false);
    posts.add({ kind: 'post', id: 3, account: 'a', method: 'DELETE', path: '/posts/3', seq: 1 });
    posts.add({ kind: 'media', id: 9, account: 'a', method: 'DELETE', path: '/media/9', seq: 2 });
    expect(() => guardRequest('safe', posts, 'DELETE', '/posts/3/media/9', false, 'a')).not.toThrow();
    expect(() => guardRequest('safe', posts, 'DELETE', '/posts/9/media/3', false, 'a')).toThrow(ProfileRefusal);
  });

  it('an id the kit deleted stays its own (delete then 404 asks again)', () => {
    const own = new Ledger('sbc_guardtest3', 'http://x/api/v1', false);
    own.add({ kind: 'tag', id: 5, account: 'a', method: 'DELETE', path: '/tags/5', seq: 1 });
    own.forget('tag', 5);
    expect(own.list()).toEqual([]);
    expect(() => guardRequest('safe', own, 'DELETE', '/tags/5', false, 'a')).not.toThrow();
  });
});

describe('ledger file', () => {
  it('persists every change, reloads for --cleanup, and is removed after a clean sweep', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbc-ledger-'));
    const ledger = new Ledger('sbc_ledgtest', 'http://x/api/v1', dir);
    ledger.add({ kind: 'contact', id: 7, account: 'b', method: 'DELETE', path: '/contacts/7', seq: 2 });
    expect(readFileSync(join(dir, 'sbc_ledgtest.json'), 'utf8')).toContain('/contacts/7');
    const loaded = Ledger.load(dir, 'sbc_ledgtest');
    expect(loaded.owns('contact', 7, 'b')).toBe(true);
    expect(loaded.owns('contact', 7, 'a')).toBe(false);
    expect(loaded.owns('tag', 7, 'b')).toBe(false);
    loaded.discard();
    expect(existsSync(join(dir, 'sbc_ledgtest.json'))).toBe(false);
  });
});

describe('clock waiter', () => {
  it('moves the clock it is given by each wait, rounded up, and not at all once aborted', async () => {
    let now = 1_000;
    const waiter = clockWaiter({ now: () => now, advance: (ms) => (now += ms) });
    expect(waiter.virtual).toBe(true);
    await waiter.wait(59_999.2);
    expect(waiter.now()).toBe(61_000);
    await waiter.wait(0);
    await waiter.wait(5_000, AbortSignal.abort());
    expect(waiter.now()).toBe(61_000);
  });
});

describe('pacer', () => {
  function fakeWaiter(): Waiter & { waited: number[] } {
    let now = 1_000_000;
    const waited: number[] = [];
    return { virtual: true, waited, now: () => now, wait: async (ms) => void (waited.push(ms), (now += ms)) };
  }

  it('keeps to the burst per second and learns the quota from the headers', async () => {
    const waiter = fakeWaiter();
    const pacer = new Pacer(waiter, { burst: 3, margin: 0 });
    for (let i = 0; i < 3; i++) await pacer.before('a');
    expect(waiter.waited).toEqual([]);
    await pacer.before('a');
    expect(waiter.waited).toHaveLength(1);
    pacer.after('a', new Headers({ 'RateLimit-Limit': '5', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '1030' }));
    await pacer.before('a');
    expect(waiter.waited.length).toBeGreaterThan(1);
  });

  it('waits out Retry-After', async () => {
    const waiter = fakeWaiter();
    await new Pacer(waiter, { burst: 3, margin: 0 }).retryAfter(new Headers({ 'Retry-After': '7' }));
    expect(waiter.waited[0]).toBeGreaterThanOrEqual(7000);
  });
});

describe('reporters', () => {
  const result = (id: string, verdict: CheckResult['verdict'], level: CheckResult['level'] = 'spec'): CheckResult => ({
    id,
    title: `${id} <&>`,
    clause: '7.1',
    level,
    group: 'core',
    verdict,
    durationMs: 1,
    requests: 1,
    ...(verdict === 'fail' ? { failure: { message: 'bad "thing"' } } : {}),
    ...(verdict === 'skip' ? { reason: 'profile:full' } : {}),
  });
  const results = [result('a', 'pass'), result('b', 'fail'), result('c', 'skip'), result('d', 'error', 'assumption')];
  const report = { runId: 'sbc_rep', results, totals: totalsOf(results), matrix: buildMatrix(results), durationMs: 5 } as unknown as ConformanceReport;

  it('ends the console report with "N passed, M failed, K skipped" (kit errors count as failed)', () => {
    expect(lastLine(report)).toBe('1 passed, 2 failed, 1 skipped');
    const clean = [result('a', 'pass')];
    expect(lastLine({ ...report, results: clean, totals: totalsOf(clean) })).toBe('1 passed, 0 failed');
  });

  it('writes escaped JUnit XML with one suite per clause and level', () => {
    const xml = formatJunit(report);
    expect(xml).toContain('<testsuite name="7.1 Errors: envelope and general codes [spec]" tests="3" failures="1" errors="0" skipped="1"');
    expect(xml).toContain('&lt;&amp;&gt;');
    expect(xml).toContain('<failure message="bad &quot;thing&quot;">');
    expect(xml).toContain('<error message=');
  });
});

describe('names the kit does not know', () => {
  const catalogue = checkCatalogue();

  it('refuses an unknown check id, section or replay token with the closest valid names', () => {
    expect(() => validateSelection(catalogue, { sections: [], only: ['tags.creat'] })).toThrow(/unknown check id "tags\.creat"; did you mean "tags\.create-then-existing"/);
    expect(() => validateSelection(catalogue, { sections: ['42'], only: [] })).toThrow(/unknown section "42"; did you mean "4\.2"/);
    expect(() => validateSelection(catalogue, { sections: [], only: [], replay: 'nope' })).toThrow(ConformanceUsageError);
    expect(() => validateSelection(catalogue, { sections: ['4.2', '5', '8'], only: ['rate.quota'] })).not.toThrow();
    try {
      validateSelection(catalogue, { sections: [], only: ['x'] });
    } catch (error) {
      expect((error as ConformanceUsageError).valid).toContain('tags.delete');
    }
  });

  it('refuses a replay token that is not one', () => {
    for (const token of ['garbage@@', '@3:0', 'tags.delete@x', 'tags.delete@3:a:b']) expect(() => parseReplay(token), token).toThrow(ConformanceUsageError);
    expect(parseReplay('tags.delete@3:')).toMatchObject({ checkId: 'tags.delete', seed: 3, path: '' });
  });

  it('suggests by letters and digits first, then by prefix, then by edit distance', () => {
    expect(closest('42', ['4', '2', '4.2', '4.12'])[0]).toBe('4.2');
    expect(closest('tags.creat', ['tags.create-then-existing', 'tags.delete', 'contacts.create-then-update'])[0]).toBe('tags.create-then-existing');
    expect(closest('zzzzzzzz', ['tags.delete'])).toEqual([]);
  });
});

describe('pacer windows', () => {
  function fakeWaiter(): Waiter & { waited: number[] } {
    let now = 5_000_000;
    const waited: number[] = [];
    return { virtual: true, waited, now: () => now, wait: async (ms, signal) => void (signal?.aborted ? undefined : (waited.push(ms), (now += ms))) };
  }

  it('reserve makes room in the second for all the requests and waits for a calm second', async () => {
    const waiter = fakeWaiter();
    const pacer = new Pacer(waiter, { burst: 5, margin: 0 });
    // Four requests 59.5 s ago leave the minute window in half a second: not calm.
    for (let i = 0; i < 4; i++) pacer.note('a');
    waiter.wait(59_500);
    const window = await pacer.reserve('a', 3, { quiet: true });
    expect(waiter.now()).toBeGreaterThan(5_000_000 + 60_000);
    expect(window.calmUntil).toBeGreaterThanOrEqual(waiter.now() + 1_000);
    // A full second: three more cannot go at once, so reserve waits for the second to pass.
    const busy = new Pacer(fakeWaiter(), { burst: 5, margin: 0 });
    for (let i = 0; i < 4; i++) busy.note('a');
    const before = busy.now();
    await busy.reserve('a', 3);
    expect(busy.now() - before).toBeGreaterThanOrEqual(1_000);
  });

  it('counts only the time it really waited (a wait cut short by Ctrl-C adds nothing)', async () => {
    const waiter = fakeWaiter();
    const pacer = new Pacer(waiter, { burst: 3, margin: 0 });
    const controller = new AbortController();
    controller.abort();
    await pacer.retryAfter(new Headers({ 'Retry-After': '60' }), controller.signal);
    expect(pacer.waitedMs).toBe(0);
    await pacer.retryAfter(new Headers({ 'Retry-After': '2' }));
    expect(pacer.waitedMs).toBe(2_005);
  });
});

describe('setup steps and verdicts', () => {
  it('a departure inside a setup step makes the check inconclusive, naming the step', async () => {
    await expect(setupStep('mint a key', async () => fail('POST /api-keys: expected HTTP 201, got HTTP 200'))).rejects.toMatchObject({
      name: 'Inconclusive',
      reason: 'setup failed: mint a key',
    });
    await expect(setupStep('x', async () => 7)).resolves.toBe(7);
  });

  it('the matrix shows "could not check" apart, and the last line counts it', () => {
    const results: CheckResult[] = [
      { id: 'a', title: 'a', clause: '5', level: 'spec', group: 'g', verdict: 'inconclusive', reason: 'setup failed: x', durationMs: 1, requests: 1 },
      { id: 'b', title: 'b', clause: '5', level: 'spec', group: 'g', verdict: 'pass', durationMs: 1, requests: 1 },
      { id: 'c', title: 'c', clause: '5.5', level: 'spec', group: 'g', verdict: 'inconclusive', reason: 'setup failed: y', durationMs: 1, requests: 1 },
    ];
    const matrix = buildMatrix(results);
    expect(matrix.find((row) => row.clause === '5')).toMatchObject({ pass: 1, inconclusive: 1, fail: 0, verdict: 'pass' });
    expect(matrix.find((row) => row.clause === '5.5')).toMatchObject({ inconclusive: 1, verdict: 'inconclusive' });
    expect(lastLine({ totals: totalsOf(results) } as ConformanceReport)).toBe('1 passed, 0 failed, 2 inconclusive');
    expect(formatJunit({ runId: 'r', results, totals: totalsOf(results), durationMs: 1 } as unknown as ConformanceReport)).toContain('<skipped message="could not check: setup failed: x"/>');
  });
});

describe('sweep', () => {
  function fakeClient(answers: (method: string, path: string) => { status: number; json?: unknown }, sent: string[]): KitClient {
    return {
      send: async (options: { method?: string; path: string }) => {
        const method = options.method ?? 'GET';
        sent.push(`${method} ${options.path}`);
        const answer = answers(method, options.path);
        return { status: answer.status, json: answer.json, headers: new Headers(), text: '', exchange: {} } as unknown as KitResponse;
      },
    } as unknown as KitClient;
  }

  it('revokes secrets first, then undoes the rest newest first', async () => {
    const ledger = new Ledger('sbc_sweeptst', 'http://x/api/v1', false);
    ledger.add({ kind: 'tag', id: 1, account: 'a', method: 'DELETE', path: '/tags/1', seq: 1 });
    ledger.add({ kind: 'api-key', id: 2, account: 'a', method: 'DELETE', path: '/api-keys/2', seq: 2 });
    ledger.add({ kind: 'contact', id: 3, account: 'a', method: 'DELETE', path: '/contacts/3', seq: 3 });
    ledger.add({ kind: 'webhook-endpoint', id: 4, account: 'a', method: 'DELETE', path: '/webhooks/endpoints/4', seq: 4 });
    const sent: string[] = [];
    const client = fakeClient((method) => (method === 'GET' ? { status: 200, json: { data: [], has_more: false, next_cursor: null } } : { status: 200 }), sent);
    const result = await sweep({ client, ledger, prefix: 'sbc_sweeptst', accounts: ['a'], routes: new Set() });
    expect(sent.slice(0, 4)).toEqual(['DELETE /api-keys/2', 'DELETE /webhooks/endpoints/4', 'DELETE /contacts/3', 'DELETE /tags/1']);
    expect(result).toMatchObject({ deleted: 4, remaining: [], verified: true });
  });

  it('says what is left: an undo refused, a list it cannot read, an account it has no key for', async () => {
    const ledger = new Ledger('sbc_sweeptst', 'http://x/api/v1', false);
    ledger.add({ kind: 'tag', id: 1, account: 'a', method: 'DELETE', path: '/tags/1', seq: 1 });
    ledger.add({ kind: 'contact', id: 9, account: 'b', method: 'DELETE', path: '/contacts/9', seq: 2 });
    const sent: string[] = [];
    const client = fakeClient((method, path) => (method === 'DELETE' ? { status: 500 } : path === '/tags' ? { status: 500 } : { status: 200, json: { data: [], has_more: false, next_cursor: null } }), sent);
    const result = await sweep({ client, ledger, prefix: 'sbc_sweeptst', accounts: ['a'], routes: new Set(['GET /tags', 'DELETE /tags/{id}']) });
    expect(result.verified).toBe(false);
    expect(result.remaining.map(describeLeftover)).toEqual([
      'contact 9 [account b]: no key for account b (give --api-key-b)',
      'tags [account a]: GET /tags answered HTTP 500: cannot tell which of the run\'s tags are left',
    ]);
    expect(ledger.list().map((entry) => entry.id).sort()).toEqual([1, 9]);
  });

  // audit 10a: a target answering HTML crashed the sweep (`reading 'has_more'`) and lost the report.
  it('a list page that is not JSON ends the paging instead of crashing', async () => {
    const ledger = new Ledger('sbc_sweeptst', 'http://x/api/v1', false);
    const sent: string[] = [];
    const client = fakeClient(() => ({ status: 200, json: undefined }), sent);
    const result = await sweep({ client, ledger, prefix: 'sbc_sweeptst', accounts: ['a'], routes: new Set(['GET /tags', 'DELETE /tags/{id}']) });
    expect(result.remaining).toEqual([]);
    expect(sent).toContain('GET /tags');
  });

  it('builds the complete cleanup command, keys as environment variables', () => {
    expect(cleanupCommand("https://api.example.com/api/v1", 'sbc_12345678', ['a', 'b'], '.switchboard-conformance')).toBe(
      `switchboard conformance --base-url 'https://api.example.com/api/v1' --api-key "$SWITCHBOARD_API_KEY" --api-key-b "$SWITCHBOARD_API_KEY_B" --cleanup sbc_12345678 --ledger-dir '.switchboard-conformance'`,
    );
    expect(cleanupCommand('http://x/api/v1', 'sbc_12345678', ['a'], false)).not.toContain('--api-key-b');
  });
});

describe('stale keep-alive sockets', () => {
  function clientWith(fetchFn: (request: Request) => Promise<Response>): RealKitClient {
    const dir = mkdtempSync(join(tmpdir(), 'kit-stale-'));
    const instant: Waiter = { virtual: true, now: () => 0, wait: async () => undefined };
    return new RealKitClient({
      baseUrl: 'http://127.0.0.1:9/api/v1',
      runId: 'stale',
      fetch: fetchFn,
      pacer: new Pacer(instant, { burst: 15, margin: 2 }),
      ledger: new Ledger('stale', 'http://127.0.0.1:9/api/v1', dir),
      profile: () => 'full',
      resolveKey: () => ({ value: 'k', account: 'a' }),
      timeoutMs: 5_000,
    });
  }
  const staleSocket = (): Error => new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });

  it('sends a GET once more when the pooled socket had been closed by the server, but never a POST', async () => {
    let calls = 0;
    const flaky = async (): Promise<Response> => {
      calls++;
      if (calls === 1) throw staleSocket();
      return new Response('{"data":{}}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const reader = clientWith(flaky);
    expect((await reader.send({ path: '/account' })).status).toBe(200);
    expect(calls).toBe(2);

    calls = 0;
    const writer = clientWith(flaky);
    await expect(writer.send({ method: 'POST', path: '/tags', body: { name: 'x' } })).rejects.toThrow(/could not reach/);
    expect(calls).toBe(1);
  });

  // audit 10a: a fetch whose abort is lost (undici#4068 after a GC) must still end at the timeout.
  it('a fetch that never settles and ignores its signal still fails at the timeout', async () => {
    const client = new RealKitClient({
      baseUrl: 'http://127.0.0.1:9/api/v1',
      runId: 'deaf',
      fetch: () => new Promise<Response>(() => undefined),
      pacer: new Pacer({ virtual: true, now: () => 0, wait: async () => undefined }, { burst: 15, margin: 2 }),
      ledger: new Ledger('deaf', 'http://127.0.0.1:9/api/v1', false),
      profile: () => 'full',
      resolveKey: () => ({ value: 'k', account: 'a' }),
      timeoutMs: 100,
    });
    await expect(client.send({ path: '/account' })).rejects.toThrow('GET /api/v1/account: no answer in 0.1 s');
  });

  it('a refused connection is not retried: the target is down, not stale', async () => {
    let calls = 0;
    const down = async (): Promise<Response> => {
      calls++;
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    };
    await expect(clientWith(down).send({ path: '/account' })).rejects.toThrow(/ECONNREFUSED/);
    expect(calls).toBe(1);
  });
});
