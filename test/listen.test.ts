/**
 * `switchboard listen`: signatures made by the `standardwebhooks` package (not our signer) are
 * accepted, bad ones get 400, output is readable or NDJSON, and --fail-with makes retries visible
 * end to end with the simulator.
 */
import { spawn } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { parseListenOptions, startListener, type Listener, type ListenerConfig, type ListenerRecord } from '../cli/commands/listen.js';
import { BIN } from './support/serve-process.js';
import { addEndpoint, emit, webhookSimulator } from './support/webhook-setup.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER_SECRET = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';

function signed(secret: string, id: string, body: string, at = new Date()): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

const event = (id: string, type = 'message.received') =>
  JSON.stringify({ id, type, created_at: '2026-03-02T09:00:00+00:00', account_id: 1, data: { text: 'hi', conversation_id: 3 } });

describe('switchboard listen', () => {
  const open: Listener[] = [];
  afterEach(async () => {
    for (const listener of open.splice(0)) await listener.close();
  });

  async function start(config: Partial<ListenerConfig> = {}): Promise<{ listener: Listener; lines: string[] }> {
    const lines: string[] = [];
    const listener = await startListener({ host: '127.0.0.1', port: 0, secrets: [SECRET], json: false, ...config }, (line) => lines.push(line));
    open.push(listener);
    return { listener, lines };
  }

  const post = (listener: Listener, headers: Record<string, string>, body: string, signal?: AbortSignal) =>
    fetch(`${listener.url}webhooks`, { method: 'POST', headers, body, ...(signal ? { signal } : {}) });

  it('answers 200 to a valid signature and prints the event readably', async () => {
    const { listener, lines } = await start();
    const body = event('evt_00000001');
    const res = await post(listener, signed(SECRET, 'evt_00000001', body), body);
    expect(res.status).toBe(200);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}message\.received {2}evt_00000001 {2}attempt 1 {2}verified {2}answered 200$/m);
    expect(lines[0]).toContain('"conversation_id": 3');
  });

  it('answers 400 to a wrong secret, a tampered body, missing headers and a stale timestamp', async () => {
    const { listener, lines } = await start();
    const body = event('evt_00000002');
    const cases: [Record<string, string>, string][] = [
      [signed(OTHER_SECRET, 'evt_00000002', body), body],
      [signed(SECRET, 'evt_00000002', body), body.replace('hi', 'ho')],
      [{ 'content-type': 'application/json' }, body],
      [signed(SECRET, 'evt_00000002', body, new Date(Date.now() - 10 * 60_000)), body],
    ];
    for (const [headers, sent] of cases) {
      const res = await post(listener, headers, sent);
      expect(res.status).toBe(400);
    }
    expect(lines.every((line) => line.includes('INVALID SIGNATURE'))).toBe(true);
    expect(lines[2]).toContain('missing webhook-id');
    expect(lines[3]).toContain('too old');
  });

  it('accepts either of two secrets (a receiver mid-rotation) and prints NDJSON with --json', async () => {
    const { listener, lines } = await start({ secrets: [OTHER_SECRET, SECRET], json: true });
    const body = event('evt_00000003', 'contact.updated');
    expect((await post(listener, signed(SECRET, 'evt_00000003', body), body)).status).toBe(200);
    expect((await post(listener, signed(OTHER_SECRET, 'evt_00000003', body), body)).status).toBe(200);
    const records = lines.map((line) => JSON.parse(line) as ListenerRecord);
    expect(records.map((r) => [r.type, r.webhook_id, r.attempt, r.verified, r.status])).toEqual([
      ['contact.updated', 'evt_00000003', 1, true, 200],
      ['contact.updated', 'evt_00000003', 2, true, 200],
    ]);
    expect(records[0]!.event).toMatchObject({ id: 'evt_00000003', data: { conversation_id: 3 } });
  });

  it('--fail-with 500 --fail-times 1 fails once, then accepts', async () => {
    const { listener, lines } = await start({ failWith: '500', failTimes: 1 });
    const body = event('evt_00000004');
    expect((await post(listener, signed(SECRET, 'evt_00000004', body), body)).status).toBe(500);
    expect((await post(listener, signed(SECRET, 'evt_00000004', body), body)).status).toBe(200);
    expect(lines[0]).toContain('answered 500');
    expect(lines[1]).toContain('attempt 2  verified  answered 200');
  });

  it('--fail-with timeout never answers', async () => {
    const { listener, lines } = await start({ failWith: 'timeout' });
    const body = event('evt_00000005');
    await expect(post(listener, signed(SECRET, 'evt_00000005', body), body, AbortSignal.timeout(300))).rejects.toThrow();
    expect(lines[0]).toContain('no answer (timeout on purpose)');
  });

  it('without a secret accepts everything, marked unverified; non-POST is 405', async () => {
    const { listener, lines } = await start({ secrets: [] });
    const body = event('evt_00000006');
    expect((await post(listener, { 'content-type': 'application/json' }, body)).status).toBe(200);
    expect(lines[0]).toContain('unverified');
    expect((await fetch(listener.url)).status).toBe(405);
  });

  it('shows the simulator retrying: fail once, advance the virtual clock, attempt 2 verifies', async () => {
    const h = webhookSimulator();
    try {
      const { listener, lines } = await start({ secrets: [], json: true, failWith: '500', failTimes: 1 });
      const endpoint = await addEndpoint(h, `${listener.url}hooks`);
      // The listener learns the secret after the endpoint exists, as a developer would.
      const verifying = await start({ secrets: [endpoint.secret], json: true });
      const second = await addEndpoint(h, `${verifying.listener.url}hooks`);
      const eventId = await emit(h, 'message.received', { text: 'retry me' });
      await h.sim.sandbox.webhooks.idle();
      h.sim.sandbox.clock.advance('5s');
      await h.sim.sandbox.webhooks.idle();
      const records = lines.map((line) => JSON.parse(line) as ListenerRecord);
      expect(records.map((r) => [r.webhook_id, r.attempt, r.status])).toEqual([
        [eventId, 1, 500],
        [eventId, 2, 200],
      ]);
      // The second endpoint has its own secret, so the first endpoint's does not verify it: 400,
      // which the simulator retries like any non-2xx.
      const other = verifying.lines.map((line) => JSON.parse(line) as ListenerRecord);
      expect(other.map((r) => [r.webhook_id, r.attempt, r.verified, r.status])).toEqual([
        [eventId, 1, false, 400],
        [eventId, 2, false, 400],
      ]);
      expect(second.secret).not.toBe(endpoint.secret);
    } finally {
      await h.close();
    }
  });

  it('validates its options', () => {
    const base = { host: '127.0.0.1', port: '4400', secret: [] as string[] };
    expect(parseListenOptions(base, {})).toMatchObject({ port: 4400, secrets: [], json: false });
    expect(parseListenOptions(base, { SWITCHBOARD_WEBHOOK_SECRET: SECRET }).secrets).toEqual([SECRET]);
    expect(() => parseListenOptions({ ...base, port: '70000' }, {})).toThrow(/--port/);
    expect(() => parseListenOptions({ ...base, failWith: '404' }, {})).toThrow(/--fail-with/);
    expect(() => parseListenOptions({ ...base, failTimes: '2' }, {})).toThrow(/needs --fail-with/);
    expect(() => parseListenOptions({ ...base, secret: ['hunter2'] }, {})).toThrow(/whsec_/);
  });

  it('runs as the bin: banner on stderr, NDJSON on stdout', async () => {
    const child = spawn(process.execPath, [BIN, 'listen', '--port', '0', '--json', '--secret', SECRET], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let stderr = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner: ${stderr}`)), 15_000);
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /on (http:\/\/\S+)/.exec(stderr);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
      });
      const stdout = new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())));
      const body = event('evt_00000007');
      const res = await fetch(url, { method: 'POST', headers: signed(SECRET, 'evt_00000007', body), body });
      expect(res.status).toBe(200);
      expect(JSON.parse((await stdout).trim())).toMatchObject({ webhook_id: 'evt_00000007', verified: true, status: 200 });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
