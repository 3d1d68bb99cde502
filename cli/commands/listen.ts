/**
 * `switchboard listen`: a local webhook receiver. It verifies Standard Webhooks signatures with
 * our own verifier (src/resources/webhooks/verify.ts), prints each event (readable, or NDJSON
 * with --json), answers 200 on a valid signature and 400 on an invalid one, and can be told to
 * fail (500, or never answer so the sender times out) to watch retries happen.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Command } from 'commander';
import { verifyWebhook } from '../../src/resources/webhooks/verify.js';
import { portNumber, webhookSecret } from '../options.js';

export type FailMode = '500' | 'timeout';

export interface ListenerConfig {
  host: string;
  port: number;
  secrets: readonly string[];
  json: boolean;
  failWith?: FailMode;
  /** Fail this many valid deliveries, then answer 200. Default: every one while failWith is set. */
  failTimes?: number;
  /** Largest accepted body. */
  maxBodyBytes?: number;
  /** The receiver's clock (tests pin it). */
  now?: () => number;
}

export interface ListenerRecord {
  received_at: string;
  method: string;
  path: string;
  webhook_id: string | null;
  webhook_timestamp: string | null;
  attempt: number;
  verified: boolean | null;
  status: number | 'timeout';
  type: string | null;
  event: unknown;
  error?: string;
}

export interface Listener {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const MAX_TRACKED_IDS = 10_000;

function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function headerText(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** One readable line per delivery, then the event data indented. */
export function formatReadable(record: ListenerRecord): string {
  const time = record.received_at.slice(11, 19);
  const mark = record.verified === true ? 'verified' : record.verified === false ? 'INVALID SIGNATURE' : 'unverified';
  const answer = record.status === 'timeout' ? 'no answer (timeout on purpose)' : `answered ${record.status}`;
  const head = `${time}  ${record.type ?? '(no type)'}  ${record.webhook_id ?? '(no webhook-id)'}  attempt ${record.attempt}  ${mark}  ${answer}`;
  const lines = [head];
  if (record.error) lines.push(`  error: ${record.error}`);
  const data = (record.event as { data?: unknown } | null)?.data;
  if (data !== undefined) lines.push(...JSON.stringify(data, null, 2).split('\n').map((line) => `  ${line}`));
  return lines.join('\n');
}

export async function startListener(config: ListenerConfig, print: (line: string) => void): Promise<Listener> {
  const now = config.now ?? (() => Date.now());
  const limit = config.maxBodyBytes ?? 1024 * 1024;
  const attempts = new Map<string, number>();
  const sockets = new Set<Socket>();
  let failed = 0;

  function emit(record: ListenerRecord): void {
    print(config.json ? JSON.stringify(record) : formatReadable(record));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      reply(res, 405, { error: 'webhooks are POSTed' });
      return;
    }
    const body = await readBody(req, limit);
    const webhookId = headerText(req, 'webhook-id');
    const record: ListenerRecord = {
      received_at: new Date(now()).toISOString(),
      method: req.method,
      path: req.url ?? '/',
      webhook_id: webhookId,
      webhook_timestamp: headerText(req, 'webhook-timestamp'),
      attempt: 1,
      verified: null,
      status: 200,
      type: null,
      event: null,
    };
    if (webhookId) {
      const seen = (attempts.get(webhookId) ?? 0) + 1;
      if (attempts.size >= MAX_TRACKED_IDS && !attempts.has(webhookId)) attempts.delete(attempts.keys().next().value!);
      attempts.set(webhookId, seen);
      record.attempt = seen;
    }
    if (body === null) {
      record.status = 413;
      record.error = `body larger than ${limit} bytes`;
      emit(record);
      reply(res, 413, { error: record.error });
      return;
    }
    try {
      const parsed = JSON.parse(body) as { type?: unknown };
      record.event = parsed;
      record.type = typeof parsed.type === 'string' ? parsed.type : null;
    } catch {
      record.event = body.slice(0, 2000);
    }
    if (config.secrets.length > 0) {
      const headers: Record<string, string | undefined> = {};
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) headers[name] = headerText(req, name) ?? undefined;
      const verdict = await verifyWebhook(config.secrets, headers, body, { nowMs: now() });
      record.verified = verdict.ok;
      if (!verdict.ok) {
        record.status = 400;
        record.error = `invalid signature: ${verdict.reason}`;
        emit(record);
        reply(res, 400, { error: record.error });
        return;
      }
    }
    const failing = config.failWith !== undefined && (config.failTimes === undefined || failed < config.failTimes);
    if (failing) {
      failed++;
      if (config.failWith === 'timeout') {
        record.status = 'timeout';
        record.error = 'holding the request without an answer (--fail-with timeout)';
        emit(record);
        return; // the sender's timeout ends it; close() drops the socket
      }
      record.status = 500;
      record.error = 'failing on purpose (--fail-with 500)';
      emit(record);
      reply(res, 500, { error: record.error });
      return;
    }
    emit(record);
    reply(res, 200, { received: true });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface ListenCliOptions {
  host: string;
  port: string;
  secret: string[];
  json?: boolean;
  failWith?: string;
  failTimes?: string;
}

export function parseListenOptions(options: ListenCliOptions, env: NodeJS.ProcessEnv = process.env): ListenerConfig {
  const port = portNumber(options.port, '--port', true);
  if (options.failWith !== undefined && options.failWith !== '500' && options.failWith !== 'timeout') {
    throw new Error(`--fail-with must be 500 or timeout, got ${options.failWith}`);
  }
  let failTimes: number | undefined;
  if (options.failTimes !== undefined) {
    failTimes = Number(options.failTimes);
    if (!Number.isInteger(failTimes) || failTimes < 0) throw new Error(`--fail-times must be a whole number, got ${options.failTimes}`);
    if (options.failWith === undefined) throw new Error('--fail-times needs --fail-with 500|timeout');
  }
  const secrets = [...options.secret];
  const fromEnv = env['SWITCHBOARD_WEBHOOK_SECRET'];
  if (secrets.length === 0 && fromEnv) secrets.push(...fromEnv.split(/[\s,]+/).filter(Boolean));
  for (const secret of secrets) webhookSecret(secret, '--secret');
  return {
    host: options.host,
    port,
    secrets,
    json: options.json ?? false,
    ...(options.failWith ? { failWith: options.failWith as FailMode } : {}),
    ...(failTimes !== undefined ? { failTimes } : {}),
  };
}

export function registerListen(program: Command): void {
  program
    .command('listen')
    .description('Run a local webhook receiver that verifies signatures and prints each event')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '4400')
    .option(
      '--secret <whsec>',
      'signing secret to verify with (repeat for old and new during a rotation; default $SWITCHBOARD_WEBHOOK_SECRET)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option('--json', 'print one JSON line per delivery (NDJSON)')
    .option('--fail-with <mode>', 'answer 500, or never answer (timeout), to watch retries')
    .option('--fail-times <n>', 'fail only the first n valid deliveries, then answer 200')
    .action(async (options: ListenCliOptions) => {
      const config = parseListenOptions(options);
      const listener = await startListener(config, (line) => console.log(line));
      const note = [
        `Listening for webhooks on ${listener.url} (any path)`,
        config.secrets.length > 0
          ? `Verifying signatures with ${config.secrets.length} secret(s); invalid ones get 400.`
          : 'No --secret: signatures are NOT checked (pass --secret whsec_... to verify).',
        ...(config.failWith
          ? [`Failing ${config.failTimes ?? 'every'} valid deliver${config.failTimes === 1 ? 'y' : 'ies'} with ${config.failWith}.`]
          : []),
        'Ctrl-C stops.',
      ].join('\n');
      // With --json, stdout carries only NDJSON; the banner goes to stderr.
      if (config.json) console.error(note);
      else console.log(`${note}\n`);
      const stop = (): void => {
        void listener.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
