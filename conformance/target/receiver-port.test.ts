/**
 * A busy `--receiver-port` (audit 10b F5): the run stops before its first request with a one-line
 * usage error (the CLI's exit 2), and the receiver itself rejects instead of crashing the process.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConformanceUsageError } from '../errors.js';
import { runConformance } from '../index.js';
import { assertReceiverPortFree } from './receiver-port.js';
import { startReceiver } from './receiver.js';

let holder: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve()));
  holder = undefined;
});

async function busyPort(): Promise<number> {
  holder = createServer();
  await new Promise<void>((resolve) => holder!.listen(0, '127.0.0.1', resolve));
  return (holder.address() as AddressInfo).port;
}

describe('a busy receiver port', () => {
  it('is a usage error that names the port, found before any request', async () => {
    const port = await busyPort();
    let requests = 0;
    const fetchSpy: typeof fetch = async () => {
      requests++;
      return new Response('{}', { status: 500 });
    };
    const run = runConformance({ baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'sk_unused', receiverPort: port, fetch: fetchSpy, ledgerDir: false, only: ['webhooks.enable'] });
    await expect(run).rejects.toThrow(ConformanceUsageError);
    await expect(run).rejects.toThrow(`receiver port ${port} on 127.0.0.1 is in use`);
    expect(requests).toBe(0);
  });

  it('makes startReceiver reject rather than emit an unhandled error', async () => {
    const port = await busyPort();
    await expect(startReceiver(port)).rejects.toThrow(/EADDRINUSE/);
    await expect(assertReceiverPortFree(port)).rejects.toThrow(/in use/);
  });

  it('lets a free port, or port 0, through and leaves it free', async () => {
    await assertReceiverPortFree(0);
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await assertReceiverPortFree(port);
    const receiver = await startReceiver(port);
    expect(receiver.url).toContain(`:${port}/`);
    await receiver.close();
  });
});
