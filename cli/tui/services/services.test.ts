/** The long-lived services behind the screens: the tail's feeds and the debugger's compare run. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../../../src/simulator.js';
import { silentLogger } from '../../../src/core/logger.js';
import { generateSecret, signatureHeader } from '../../../src/resources/webhooks/signing.js';
import { Client } from '../target/client.js';
import { connectSandbox, connectUrl } from '../target/connection.js';
import { TailFeed } from './tail.js';
import { Debugger, runnerOptions } from './debugger.js';

const dir = mkdtempSync(join(tmpdir(), 'switchboard-tui-services-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the tail on a sandbox', () => {
  it('reads the journal after the last event seen, and the webhook delivery log with its attempts', async () => {
    const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
    const connection = connectSandbox({ simulator: sim });
    const feed = new TailFeed(new Client(connection), 20);
    await feed.start();
    // A receiver that always fails: the delivery log shows the attempts.
    const failing = createServer((_req, res) => res.writeHead(500).end('no'));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const port = (failing.address() as AddressInfo).port;
    const key = sim.accounts[0]!.keys.full!;
    const created = await sim.request({ method: 'POST', path: '/webhooks/endpoints', key, body: { name: 'tail test', url: `http://127.0.0.1:${port}/hook`, governance: { attested: true, purpose: 'tail test receiver', destination_owner: 'us', payload_profile: 'full' } } });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { id: number } }).data.id;
    expect((await sim.request({ method: 'PATCH', path: `/webhooks/endpoints/${id}`, key, body: { enabled: true } })).status).toBe(200);
    sim.sandbox.inbound(1, { channel: 'sms', platform_user_id: '+15550100099', text: 'Hi' });
    const events = await until(() => (feed.store.get().events.some((event) => event.type === 'message.received') ? feed.store.get().events : undefined));
    expect(events.map((event) => event.source)).toContain('journal');
    const count = feed.store.get().received;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(feed.store.get().received).toBe(count);
    feed.watchDeliveries(true);
    // Each event the endpoint subscribes to is a delivery; the one already tried shows its attempt.
    const tried = await until(() => feed.store.get().deliveries.find((row) => row.attempts.length > 0));
    expect(tried).toMatchObject({ endpointName: 'tail test', attempts: [expect.objectContaining({ number: 1, statusCode: 500 })] });
    await feed.stop();
    await new Promise<void>((resolve) => failing.close(() => resolve()));
    sim.close();
  });
});

describe('the tail on a deployment', () => {
  it('receives webhooks on a local receiver (listen\'s) and shows each signature\'s verdict', async () => {
    const secret = generateSecret();
    const remote = await connectUrl({ name: 'prod', baseUrl: 'http://127.0.0.1:9/api/v1', kind: 'remote', apiKey: 'k', receiverPort: 0, webhookSecret: secret });
    const feed = new TailFeed(new Client(remote));
    await feed.start();
    const url = await until(() => feed.store.get().receiverUrl);
    expect(feed.store.get()).toMatchObject({ source: 'webhooks', verifying: true });
    const body = JSON.stringify({ id: 'evt_7', type: 'contact.updated', created_at: new Date().toISOString(), data: { contact: { id: 3 } } });
    const timestamp = Math.floor(Date.now() / 1000);
    const post = async (signature: string): Promise<number> =>
      (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature }, body })).status;
    expect(await post(await signatureHeader([secret], 'msg_1', timestamp, body))).toBe(200);
    expect(await post('v1,bm90IGEgc2lnbmF0dXJl')).toBe(400);
    const events = await until(() => (feed.store.get().events.length >= 2 ? feed.store.get().events : undefined));
    expect(events[0]).toMatchObject({ id: 'evt_7', type: 'contact.updated', source: 'webhook', verified: true, attempt: 1, answered: 200 });
    expect(events[1]).toMatchObject({ verified: false, attempt: 2, answered: 400 });
    await feed.stop();
  });
});

describe('the debugger', () => {
  it('compares a run with the same scenario on another target, step by step', async () => {
    const file = join(dir, 'compare.yaml');
    writeFileSync(file, 'scenario: compare\nsteps:\n  - name: new tag\n    request: { method: POST, path: /tags, body: { name: compared } }\n    expect: { status: 201 }\n');
    // In process, the debugger runs on a fresh sandbox from the scenario: the tag is new there.
    const dbg = new Debugger(connectSandbox({ simulator: createSimulator({ logger: silentLogger }) }));
    await dbg.open(file);
    await dbg.run();
    expect(dbg.store.get().results.map((result) => result.status)).toEqual(['passed']);
    // The other target already has the tag: POST /tags answers 200 with it, not 201.
    const other = createSimulator({ logger: silentLogger });
    expect((await other.request({ method: 'POST', path: '/tags', key: other.accounts[0]!.keys.full!, body: { name: 'compared' } })).status).toBe(201);
    const target = runnerOptions('this', connectSandbox({ simulator: other }));
    await dbg.compare(target.options, target.label);
    const compare = dbg.store.get().compare!;
    expect(compare.status).toBe('done');
    expect(compare.results[0]).toMatchObject({ status: 'failed', mismatches: [expect.objectContaining({ expected: 201, actual: 200 })] });
    await dbg.close();
    other.close();
  });
});
