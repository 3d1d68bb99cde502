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
import type { Waiter } from './http/waiter.js';
import { formatReplay, parseReplay } from './options.js';
import { lastLine } from './reporters/console.js';
import { formatJunit } from './reporters/junit.js';
import { buildMatrix, totalsOf } from './runner/matrix.js';
import { ABSENT_ID, ProfileRefusal, guardRequest } from './safety/guard.js';
import { Ledger } from './safety/ledger.js';
import type { CheckResult, ConformanceReport, ExchangeRecord } from './types.js';

describe('replay tokens', () => {
  it('round-trips check id, seed, path and the commands replay path', () => {
    const token = formatReplay('contacts.model', -12, '3:1:0', 'GAAB:K');
    expect(token).toBe('contacts.model@-12:3:1:0#GAAB:K');
    expect(parseReplay(token)).toEqual({ checkId: 'contacts.model', seed: -12, path: '3:1:0', replayPath: 'GAAB:K' });
    expect(parseReplay('scope.POST /tags')).toEqual({ checkId: 'scope.POST /tags', seed: undefined, path: undefined, replayPath: undefined });
    expect(() => parseReplay('x@notanumber')).toThrow(/replay/);
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
});

describe('ledger file', () => {
  it('persists every change, reloads for --cleanup, and is removed after a clean sweep', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbc-ledger-'));
    const ledger = new Ledger('sbc_ledgtest', 'http://x/api/v1', dir);
    ledger.add({ kind: 'contact', id: 7, account: 'b', method: 'DELETE', path: '/contacts/7', seq: 2 });
    expect(readFileSync(join(dir, 'sbc_ledgtest.json'), 'utf8')).toContain('/contacts/7');
    const loaded = Ledger.load(dir, 'sbc_ledgtest');
    expect(loaded.owns(7, 'b')).toBe(true);
    expect(loaded.owns(7, 'a')).toBe(false);
    loaded.discard();
    expect(existsSync(join(dir, 'sbc_ledgtest.json'))).toBe(false);
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
