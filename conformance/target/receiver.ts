/**
 * A webhook receiver the kit starts on 127.0.0.1. Only a target that can reach this machine's
 * loopback (the simulator run locally, with local webhooks allowed) can deliver to it; the
 * delivery checks find out by trying, and skip when the target refuses the URL.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Receiver {
  readonly url: string;
  readonly received: ReceivedDelivery[];
  /** The status the receiver answers with from now on. */
  answer(status: number): void;
  close(): Promise<void>;
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startReceiver(listenPort = 0): Promise<Receiver> {
  const received: ReceivedDelivery[] = [];
  let status = 204;
  const server = createServer((request, response) => {
    void read(request).then((body) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
      received.push({ headers, body });
      response.writeHead(status).end();
    });
  });
  // A busy port rejects here (the check reports it) instead of an unhandled 'error' event that
  // would end the process before the sweep.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/switchboard-conformance`,
    received,
    answer: (next) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
