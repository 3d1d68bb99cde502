/**
 * A real webhook receiver for tests: node:http on 127.0.0.1, port 0. It records every request and
 * answers as told: a status, a hang (never answers), a connection reset, or a huge body.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

export type Behaviour = number | 'hang' | 'reset' | 'huge';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the body was complete. */
  at: number;
  /** The status answered (undefined for hang/reset). */
  answered?: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Decides each answer from the 0-based request index. Default: 200. */
  behave(next: (index: number, request: Received) => Behaviour): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let decide: (index: number, request: Received) => Behaviour = () => 200;
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() };
      const index = received.length;
      received.push(entry);
      const behaviour = decide(index, entry);
      if (behaviour === 'hang') hanging.add(res);
      else if (behaviour === 'reset') req.socket.destroy();
      else if (behaviour === 'huge') {
        entry.answered = 200;
        res.writeHead(200, { 'content-type': 'text/plain' });
        const block = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const pump = (): void => {
          while (sent < 50 * 1024 * 1024 && !res.destroyed) {
            sent += block.length;
            if (!res.write(block)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.on('error', () => {});
        pump();
      } else {
        entry.answered = behaviour;
        res.writeHead(behaviour, { 'content-type': 'text/plain' });
        res.end(behaviour >= 200 && behaviour < 300 ? 'ok' : 'nope');
      }
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    behave(next) {
      decide = next;
    },
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver saw ${received.length} of ${count} requests`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
