/**
 * `npm run check:prism` (issue 13): the README's and the docs' curl walkthroughs replayed through
 * Stoplight Prism's validation proxy in front of `switchboard serve`, so a third-party validator
 * that nobody here wrote checks every request and response against the served document.
 *
 * Not part of `npm test`: it installs Prism from the registry (`npx -p @stoplight/prism-cli@5.14.2`)
 * and takes tens of seconds. What it does:
 *   1. starts the built bin, `serve --port 0 --json --rate-limit off --quiet`, and reads its
 *      ready line (the first stdout line, JSON) without waiting for the process to end;
 *   2. writes the served `/api/v1/openapi.json` and `/_sandbox/openapi.json` to a temp folder;
 *   3. starts one `prism proxy <doc> <upstream> --errors` per document: the API document's paths
 *      are relative to its server `/api/v1`, the control plane's to `/_sandbox`, so each proxy's
 *      upstream is the server's base URL plus that prefix, and a docs URL
 *      `http://127.0.0.1:4010/api/v1/contacts` is sent to `<api proxy>/contacts`;
 *   4. replays each file's walkthrough (bench/docs/walkthroughs.ts, the same reading the suite's
 *      docs test uses) from a reset simulator, and collects what Prism reports.
 *
 * How Prism 5 reports (read in @stoplight/prism-http-server's server.js and prism-core's
 * factory.js): every request or response violation, of any severity, is listed in an
 * `sl-violations` response header (JSON: location, severity, code, message); with `--errors` a
 * request violation is answered by Prism itself (401/422, never forwarded) and a response error
 * becomes a 500 `application/problem+json`; a path the document does not have is a problem+json
 * 404. Any of those counts as a violation here, and the check exits 1.
 *
 * Every child (the server, both proxies and their npx parents) is killed at the end, on failure
 * and on Ctrl-C: each is started in its own process group and the group is signalled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { docsFiles, walkthroughOfFile, type CurlStep } from './walkthroughs.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, 'dist', 'cli', 'main.js');
const PRISM_PACKAGE = '@stoplight/prism-cli@5.14.2';
/** First run installs Prism into npx's cache; later runs start in a few seconds. */
const PRISM_START_TIMEOUT_MS = 240_000;
const SERVE_READY_TIMEOUT_MS = 30_000;

interface ReadyLine {
  readonly base_url: string;
  readonly control_token: string;
}

interface Violation {
  readonly where: string;
  readonly detail: string;
}

const children: ChildProcess[] = [];

/** Starts a child in its own process group, so its whole tree can be stopped. */
function start(command: string, args: readonly string[]): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  return child;
}

function stopAll(): void {
  for (const child of children) {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

/** The serve ready line: the first line on stdout, as JSON. Later output is drained, never awaited. */
function readyLine(child: ChildProcess): Promise<ReadyLine> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`serve printed no ready line in ${SERVE_READY_TIMEOUT_MS} ms\n${stderr}`)), SERVE_READY_TIMEOUT_MS);
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as ReadyLine);
      } catch {
        reject(new Error(`serve's first stdout line is not JSON: ${line}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before it was ready\n${stderr}`));
    });
  });
}

/** A port nothing listens on right now (bound on 0, then released for Prism). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts `prism proxy` for one document and waits until it accepts connections. */
async function startPrism(documentFile: string, upstream: string): Promise<string> {
  const port = await freePort();
  const child = start('npx', ['--yes', '-p', PRISM_PACKAGE, 'prism', 'proxy', documentFile, upstream, '--errors', '-h', '127.0.0.1', '-p', String(port)]);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + PRISM_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism proxy ${documentFile} exited (${child.exitCode})\n${output}`);
    if (await accepts(port)) return `http://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`prism proxy did not listen on ${port} in ${PRISM_START_TIMEOUT_MS} ms\n${output}`);
}

async function fetchJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/** What Prism said about one exchange: its sl-violations header and any problem+json of its own. */
async function violationsOf(step: CurlStep, response: Response, where: string): Promise<Violation[]> {
  const found: Violation[] = [];
  const header = response.headers.get('sl-violations');
  if (header !== null) {
    let listed: unknown;
    try {
      listed = JSON.parse(header);
    } catch {
      listed = [header];
    }
    for (const violation of Array.isArray(listed) ? listed : [listed]) found.push({ where, detail: JSON.stringify(violation) });
  }
  if ((response.headers.get('content-type') ?? '').includes('application/problem+json')) {
    found.push({ where, detail: `Prism answered ${response.status} ${(await response.text()).slice(0, 1500)}` });
  } else if (step.method !== 'HEAD') {
    await response.arrayBuffer();
  }
  return found;
}

async function main(): Promise<number> {
  // docs/webhooks.md starts its server with a receiver allowed on 127.0.0.1:4400; nothing listens there, so deliveries just fail.
  const serve = start(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--json', '--rate-limit', 'off', '--quiet', '--allow-local-webhooks', '4400']);
  const ready = await readyLine(serve);
  // The ready line's base_url is the API's (`http://127.0.0.1:<port>/api/v1`); the control plane sits beside it.
  const origin = new URL(ready.base_url).origin;
  const operator = { 'X-Sandbox-Token': ready.control_token };
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-prism-'));
  try {
    const apiDocument = join(folder, 'openapi.json');
    const controlDocument = join(folder, 'sandbox-openapi.json');
    writeFileSync(apiDocument, JSON.stringify(await fetchJson(`${origin}/api/v1/openapi.json`)));
    writeFileSync(controlDocument, JSON.stringify(await fetchJson(`${origin}/_sandbox/openapi.json`, operator)));
    console.log(`serve: ${origin}; starting ${PRISM_PACKAGE} (the first run installs it)`);
    const [apiProxy, controlProxy] = await Promise.all([
      startPrism(apiDocument, `${origin}/api/v1`),
      startPrism(controlDocument, `${origin}/_sandbox`),
    ]);
    const proxies: readonly (readonly [string, string])[] = [
      ['/api/v1/', `${apiProxy}/`],
      ['/_sandbox/', `${controlProxy}/`],
    ];

    const violations: Violation[] = [];
    const statuses = new Map<number, number>();
    let replayed = 0;
    let skipped = 0;
    for (const file of docsFiles(ROOT)) {
      const steps = walkthroughOfFile(ROOT, file, { OPERATOR: ready.control_token });
      if (!steps.some((step) => step.kind === 'curl')) continue;
      // Each file starts from the default seed, as its reader does.
      const reset = await fetch(`${origin}/_sandbox/reset`, { method: 'POST', headers: { ...operator, 'Content-Type': 'application/json' }, body: '{}' });
      if (reset.status !== 200) throw new Error(`POST /_sandbox/reset answered ${reset.status}`);
      let fileReplayed = 0;
      for (const step of steps) {
        if (step.kind === 'skipped') skipped++;
        if (step.kind !== 'curl') continue;
        const where = `${file}:${step.line} ${step.method} ${step.target}`;
        const proxy = proxies.find(([prefix]) => step.target.startsWith(prefix));
        if (proxy === undefined) {
          violations.push({ where, detail: 'no document covers this path (neither /api/v1 nor /_sandbox)' });
          continue;
        }
        const response = await fetch(`${proxy[1]}${step.target.slice(proxy[0].length)}`, {
          method: step.method,
          headers: step.headers,
          ...(step.body !== undefined ? { body: step.body } : {}),
        });
        replayed++;
        fileReplayed++;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 400) console.log(`  ${where} -> ${response.status}`);
        violations.push(...(await violationsOf(step, response, `${where} -> ${response.status}`)));
      }
      console.log(`${file}: ${fileReplayed} requests replayed`);
    }

    const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status} x${count}`).join(', ');
    console.log(`\nPrism ${PRISM_PACKAGE} proxy --errors: ${replayed} requests replayed (${tally}; ${skipped} examples with placeholders left out), ${violations.length} violations`);
    for (const violation of violations) console.log(`  ${violation.where}\n    ${violation.detail}`);
    return violations.length === 0 && replayed > 0 ? 0 : 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });
}

main()
  .then((code) => {
    stopAll();
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    stopAll();
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
