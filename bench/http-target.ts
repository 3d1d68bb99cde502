/**
 * A server under test for bench/http.ts, run in its own process so the load generator
 * (autocannon) and the server do not share one event loop. `bare` is node:http returning a
 * fixed JSON body; `sim` is the simulator via listen() with rate limiting off. Prints the origin
 * on stdout once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen } from '../src/adapters/node-http.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const mode = process.argv[2];
// Exit normally on a signal so `node --cpu-prof dist/bench/http-target.js sim` writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));

if (mode === 'bare') {
  const body = JSON.stringify({ data: { account: { id: 1, business_name: 'Atlas Outfitters', plan: 'business', addon: 'active' } } });
  const length = Buffer.byteLength(body);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
} else if (mode === 'sim') {
  const sim = createSimulator({ rateLimit: 'off', logger: silentLogger });
  const running = await listen(sim, { host: '127.0.0.1', port: 0 });
  console.log(running.origin);
} else {
  console.error('usage: http-target.js bare|sim');
  process.exit(2);
}
