/** `switchboard serve`: the standalone sandbox on node:http. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { listen } from '../../src/adapters/node-http.js';
import type { ConnectionLimits } from '../../src/adapters/connections.js';
import type { UndiciTransport } from '../../src/adapters/undici-transport.js';
import { loadState, persistState } from '../../src/adapters/state-file.js';
import { consoleLogger } from '../../src/core/logger.js';
import { parseRateLimit, type RateLimitConfig } from '../../src/core/rate-limit.js';
import { defaultSeed, parseSeedText, type SeedFileData } from '../../src/seed/default.js';
import { SeedApiKey } from '../../src/resources/account/seed.js';
import { parsePortList } from '../../src/resources/webhooks/egress.js';
import type { SeedAccountInfo } from '../../src/simulator.js';
import { createSimulator, createSimulatorWithCheckedSeed } from '../../src/simulator/create.js';
import { CHECKED_DEFAULT_SEED } from '../checked-seed.js';
import { isLoopback } from '../loopback.js';
import { writableFile } from '../options.js';
import { recordServed } from './serve-record.js';
import { logServed, parseLogFormat, type LogFormat } from './serve-log.js';
import type { ServedRequest } from '../../src/simulator.js';

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
/** In-flight requests get this long to finish after SIGINT/SIGTERM before sockets are cut. */
const SHUTDOWN_GRACE_MS = 3_000;

export interface ServeOptions {
  host: string;
  port: string;
  seed?: string;
  state?: string;
  apiKey?: string;
  rateLimit: string;
  /** `4400,8080`: loopback webhook receivers on these ports. */
  allowLocalWebhooks?: string;
  json?: boolean;
  controlToken?: string;
  exposeDefaultKeys?: boolean;
  maxConnections?: string;
  headersTimeout?: string;
  requestTimeout?: string;
  keepAliveTimeout?: string;
  idleTimeout?: string;
  record?: string;
  /** The request log's format: `pretty` (default) or `json` lines, on stderr. */
  log?: string;
  /** No request log. */
  quiet?: boolean;
}

/** Where the package's own documentation is (README.md and docs/ ship in the package). */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A positive whole number of milliseconds (or connections) from an option. */
function positive(text: string | undefined, option: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) throw new Error(`${option} must be a positive whole number, got "${text}"`);
  return value;
}

/** The connection limits the options set; unset ones keep their defaults (src/adapters/connections.ts). */
export function connectionOptions(options: ServeOptions): ConnectionLimits {
  const limits: { -readonly [K in keyof ConnectionLimits]: ConnectionLimits[K] } = {};
  const set = (name: keyof ConnectionLimits, value: number | undefined): void => {
    if (value !== undefined) limits[name] = value;
  };
  set('maxConnections', positive(options.maxConnections, '--max-connections'));
  set('headersTimeoutMs', positive(options.headersTimeout, '--headers-timeout'));
  set('requestTimeoutMs', positive(options.requestTimeout, '--request-timeout'));
  set('keepAliveTimeoutMs', positive(options.keepAliveTimeout, '--keep-alive-timeout'));
  set('idleTimeoutMs', positive(options.idleTimeout, '--idle-timeout'));
  return limits;
}

/** The one line `--json` prints once the server is ready. */
export function describeReady(baseUrl: string, accounts: readonly SeedAccountInfo[], controlToken: string) {
  return {
    base_url: baseUrl,
    control_token: controlToken,
    accounts: accounts.map((account) => ({
      id: account.id,
      plan: account.plan,
      addon: account.addon,
      keys: { full: account.keys.full, admin: account.keys.admin, write: account.keys.write, read: account.keys.read },
    })),
  };
}

function printHuman(baseUrl: string, accounts: readonly SeedAccountInfo[], controlToken: string, stateNote: string | undefined): void {
  const lines = [`Switchboard sandbox listening on ${baseUrl}`];
  if (stateNote) lines.push(stateNote);
  lines.push(`Operator: ${controlToken} (X-Sandbox-Token: reset, snapshots, the clock, faults under /_sandbox)`);
  lines.push('', 'Accounts and keys (send as X-Service-Api-Key, or Authorization: Bearer <key>, or X-Api-Key):');
  for (const account of accounts) {
    lines.push(`  #${account.id} ${account.business_name} (plan ${account.plan}, add-on ${account.addon})`);
    for (const scope of ['full', 'admin', 'write', 'read'] as const) {
      if (account.keys[scope]) lines.push(`      ${scope.padEnd(5)} ${account.keys[scope]}`);
    }
  }
  lines.push(
    '',
    `Try:      curl -H "X-Service-Api-Key: ${accounts[0]?.keys.full ?? '<key>'}" ${baseUrl}/account`,
    `OpenAPI:  ${baseUrl}/openapi.json (control plane: ${baseUrl.replace(/\/api\/v1$/, '')}/_sandbox/openapi.json)`,
    `Docs:     ${PACKAGE_ROOT}README.md and ${PACKAGE_ROOT}docs/ (sandbox powers: docs/sandbox.md)`,
    'Requests are logged below, one line each (--log json for JSON lines, --quiet for none).',
    'Ctrl-C stops (SIGTERM too); in-flight requests finish first.',
  );
  console.log(lines.join('\n'));
}

/** Option errors name the option, so a typo in a CI script is obvious from the one line printed. */
export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be an integer from 0 to 65535, got "${text}"`);
  }
  return port;
}

export function parseRateLimitOption(text: string): RateLimitConfig | 'off' {
  try {
    return parseRateLimit(text);
  } catch (error) {
    throw new Error(`--rate-limit: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reads and validates a seed file; errors start with `label` (the option, for serve). */
export function readSeedFile(file: string, label = `--seed ${file}`): SeedFileData {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${label}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return parseSeedText(text);
  } catch (error) {
    // SeedError's message starts with the JSON path, e.g. "$.accounts[0].plan: Invalid option".
    throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function checkControlTokenOption(token: string): string {
  if (!/^[\x21-\x7e]{16,256}$/.test(token)) throw new Error('--control-token must be 16 to 256 printable ASCII characters without spaces');
  return token;
}

/** `--allow-local-webhooks 4400,8080`: the ports are required, so no other loopback service is reachable. */
export function parseAllowLocalOption(text: string): number[] {
  try {
    return parsePortList(text);
  } catch (error) {
    throw new Error(`--allow-local-webhooks: ${(error as Error).message}`);
  }
}

/**
 * The default seed's keys are published in the README: on an interface other machines can reach,
 * they would open the sandbox to anyone. Refused unless the keys are private (`--seed`, and
 * `--api-key` for the one it replaces) or the user says they know (`--expose-default-keys`).
 */
export function checkBindSafety(host: string, accounts: readonly SeedAccountInfo[], acknowledged: boolean): void {
  if (isLoopback(host) || acknowledged) return;
  const published = new Set(defaultSeed().accounts.flatMap((account) => account.api_keys.map((key) => key.key)));
  const exposed = accounts.flatMap((account) => Object.values(account.keys)).filter((key) => key !== undefined && published.has(key));
  if (exposed.length === 0) return;
  throw new Error(
    `--host ${host} is reachable from other machines, and ${exposed.length} of the keys are the default seed's published ones: ` +
      'give private keys with --seed (and --api-key), bind 127.0.0.1, or pass --expose-default-keys if that is what you want',
  );
}

export function checkApiKeyOption(key: string): string {
  const result = SeedApiKey.shape.key.safeParse(key);
  if (!result.success) throw new Error('--api-key must be 8 to 256 printable ASCII characters without spaces');
  return key;
}

/**
 * The webhook transport, loaded on the first delivery: undici's import is a large share of the
 * start-up time (bench/startup.ts), and most sandbox sessions never deliver a webhook.
 */
function lazyUndiciTransport(): UndiciTransport {
  let loaded: Promise<UndiciTransport> | undefined;
  const load = (): Promise<UndiciTransport> =>
    (loaded ??= import('../../src/adapters/undici-transport.js').then((module) => module.createUndiciTransport()));
  const send: UndiciTransport = Object.assign(async (request: Parameters<UndiciTransport>[0]) => (await load())(request), {
    close: async (): Promise<void> => {
      // A transport that never loaded has nothing to close; shutdown must not fail on it.
      if (loaded) await loaded.then((transport) => transport.close(), () => undefined);
    },
  });
  return send;
}

/**
 * `SWITCHBOARD_STATE_COMPACT_BYTES`: fold the state log into the state file once the log holds
 * this many bytes (default: the state file's size, at least 64 MiB). For tests and benchmarks that
 * need compactions to happen often; documented in the README's persistence section.
 */
function compactBytesFromEnvironment(): { compactBytes?: number } {
  const raw = process.env['SWITCHBOARD_STATE_COMPACT_BYTES'];
  if (raw === undefined || raw === '') return {};
  if (!/^[1-9]\d*$/.test(raw)) throw new Error(`SWITCHBOARD_STATE_COMPACT_BYTES must be a positive whole number of bytes, got ${JSON.stringify(raw)}`);
  return { compactBytes: Number(raw) };
}

export async function serve(options: ServeOptions): Promise<void> {
  const port = parsePort(options.port);
  const logFormat: LogFormat = options.quiet ? 'off' : parseLogFormat(options.log ?? 'pretty');
  const served = new Map<string, ServedRequest>();
  const connections = connectionOptions(options);
  if (options.apiKey !== undefined) checkApiKeyOption(options.apiKey);
  const rateLimit = parseRateLimitOption(options.rateLimit);
  const seed = options.seed ? readSeedFile(options.seed) : undefined;
  const transport = lazyUndiciTransport();
  // An empty --state or --record (a variable left unset) is refused, not read as "no persistence".
  if (options.state !== undefined) writableFile(options.state, '--state');
  if (options.record !== undefined) writableFile(options.record, '--record');
  const state = options.state !== undefined ? loadState(options.state) : undefined;
  if (options.controlToken !== undefined) checkControlTokenOption(options.controlToken);
  const allowLocalWebhooks = options.allowLocalWebhooks === undefined ? false : parseAllowLocalOption(options.allowLocalWebhooks);
  const simulatorOptions = {
    seed,
    state,
    apiKey: options.apiKey,
    ...(options.controlToken !== undefined ? { controlToken: options.controlToken } : {}),
    rateLimit,
    allowLocalWebhooks,
    webhookTransport: transport,
    logger: consoleLogger,
    ...(logFormat !== 'off' ? { onServed: (entry: ServedRequest) => void served.set(entry.requestId, entry) } : {}),
  };
  // The bundle carries the default seed already parsed at build time (cli/checked-seed.ts).
  const sim =
    seed === undefined && CHECKED_DEFAULT_SEED !== undefined
      ? createSimulatorWithCheckedSeed(simulatorOptions, CHECKED_DEFAULT_SEED)
      : createSimulator(simulatorOptions);
  checkBindSafety(options.host, sim.accounts, options.exposeDefaultKeys ?? false);
  const persistence = options.state !== undefined
    ? persistState(sim, options.state, {
        position: state?.log_position ?? 0,
        // Loaded just above, nothing written since: no full save at start (seconds at 1M records).
        resume: state !== undefined,
        ...compactBytesFromEnvironment(),
        onError: (error) => consoleLogger.error(`could not save ${options.state}`, error),
      })
    : undefined;
  const recording = options.record !== undefined ? recordServed(sim, options.record) : undefined;
  const logged = logServed(recording?.sim ?? sim, served, logFormat, (text) => process.stderr.write(text), process.stderr.isTTY === true);
  const running = await listen(logged, {
    host: options.host,
    port,
    connections,
    onError: (error) => consoleLogger.error('request failed', error),
    ...(persistence ? { durable: () => persistence.whenDurable() } : {}),
  });

  let stateNote: string | undefined;
  if (options.state !== undefined) {
    stateNote = state ? `State:    ${options.state} (loaded; every change is on disk before its answer)` : `State:    ${options.state} (new; every change is on disk before its answer)`;
    if (state && (options.seed || options.apiKey)) {
      // The saved store wins over the seed; the seed still defines what /_sandbox/reset returns to.
      consoleLogger.warn(`state loaded from ${options.state}: --seed/--api-key only take effect after POST /_sandbox/reset`);
    }
  }

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) {
      // A second Ctrl-C means "now": every acknowledged change is in the log already.
      process.exit(130);
    }
    stopping = true;
    if (!options.json) console.error(`\n${signal}: shutting down`);
    const grace = setTimeout(() => running.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    grace.unref();
    await running.close();
    clearTimeout(grace);
    await transport.close();
    try {
      recording?.recorder.flush();
    } catch (error) {
      consoleLogger.error(`--record: could not write ${options.record}: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      await persistence?.close();
    } catch (error) {
      consoleLogger.error(`could not save ${options.state}`, error);
    }
    sim.close();
    process.exit(0);
  };
  // Registered before the ready output: a script may signal the moment it reads that line.
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (options.json) console.log(JSON.stringify(describeReady(running.baseUrl, sim.accounts, sim.controlToken)));
  else printHuman(running.baseUrl, sim.accounts, sim.controlToken, stateNote);
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Run the sandbox as a standalone HTTP server')
    .option('--host <host>', 'interface to bind', DEFAULT_HOST)
    .option('--port <port>', 'port (0 picks a free one)', String(DEFAULT_PORT))
    .option('--seed <file>', 'seed file to start from (docs/fixtures.md); default: the embedded seed')
    .option('--state <file>', 'load state from this file (and its .log) at start; every change is logged and fsynced before its answer')
    .option('--api-key <key>', "fix the first account's full-scope key")
    .option('--rate-limit <limits>', 'per-minute/per-second limits, e.g. 6000/100, or "off"', '200/20')
    .option('--allow-local-webhooks <ports>', 'allow webhook receivers on loopback, on these ports only (e.g. 4400,8080)')
    .option('--control-token <token>', 'the sandbox operator token (X-Sandbox-Token); default: a random one, printed')
    .option('--expose-default-keys', 'bind a non-loopback --host even though the default seed keys are public')
    .option('--max-connections <n>', 'open connections at most; past it the idlest closes (default 1024)')
    .option('--headers-timeout <ms>', 'time for a request head to arrive (default 10000)')
    .option('--request-timeout <ms>', 'time for a whole request, body included (default 120000)')
    .option('--keep-alive-timeout <ms>', 'how long an idle keep-alive connection stays open (default 5000)')
    .option('--idle-timeout <ms>', 'a socket silent this long is closed (default 30000)')
    .option('--json', 'print one JSON line with base_url and keys once ready')
    .option('--record <file>', 'record every exchange served into this scenario file (secrets redacted)')
    .option('--log <format>', 'request log on stderr, one line per request: pretty or json', 'pretty')
    .option('--quiet', 'no request log')
    .action(async (options: ServeOptions) => serve(options));
}
