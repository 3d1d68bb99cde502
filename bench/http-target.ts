/**
 * A server under test for bench/http.ts, run in its own process so the load generator
 * (autocannon) and the server do not share one event loop. `bare` is node:http answering
 * with precomputed copies of the simulator's own responses (no work per request beyond reading
 * and parsing a request body, when there is one); `sim` is the simulator via listen() with rate
 * limiting off. Prints the origin on stdout once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen } from '../src/adapters/node-http.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const mode = process.argv[2];

interface MirrorSpec {
  method: string;
  path: string;
  body?: unknown;
}

interface Answer {
  status: number;
  headers: string[];
  body: string;
}

const FIXED_BODY = JSON.stringify({ data: { account: { id: 1, business_name: 'Atlas Outfitters', plan: 'business', addon: 'active' } } });
const FIXED: Answer = {
  status: 200,
  headers: ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(FIXED_BODY))],
  body: FIXED_BODY,
};

async function mirror(specs: readonly MirrorSpec[]): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  if (specs.length === 0) return answers;
  const sim = createSimulator({ rateLimit: 'off', logger: silentLogger });
  const key = sim.accounts[0]!.keys.full!;
  for (const spec of specs) {
    const result = await sim.handle({ method: spec.method, path: spec.path, headers: { 'x-service-api-key': key }, body: spec.body });
    const body = JSON.stringify(result.body);
    const headers: string[] = [];
    for (const [name, value] of Object.entries(result.headers)) headers.push(name, value);
    headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(body)));
    answers.set(`${spec.method} ${spec.path}`, { status: result.status, headers, body });
  }
  sim.close();
  return answers;
}
// Exit normally on a signal so `node --cpu-prof dist/bench/http-target.js sim` writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));

if (mode === 'bare') {
  // The baseline answers with the very bytes the simulator would (status, headers, body),
  // precomputed once from an in-process simulator: the ratio then measures the simulator's work
  // per request, not a difference in payload size the load generator also has to parse.
  // argv[3] is a JSON array of {method, path, body?}; anything else gets the first answer.
  const mirrored = await mirror(JSON.parse(process.argv[3] ?? '[]') as MirrorSpec[]);
  const fallback = mirrored.values().next().value ?? FIXED;
  const server = createServer((request, response) => {
    const answer = mirrored.get(`${request.method} ${request.url}`) ?? fallback;
    const reply = (): void => {
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    };
    if (request.method === 'GET' || request.method === 'HEAD') return reply();
    // A request with a body: read and parse it first, as any server that takes JSON must (the
    // POST /contacts target compares with a server that parses the body and answers 201).
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      reply();
    });
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
