/** `switchboard serve`: the standalone sandbox on node:http. */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { listen } from '../../src/adapters/node.js';
import { loadState, persistState } from '../../src/adapters/state-file.js';
import { consoleLogger } from '../../src/core/logger.js';
import { parseRateLimit } from '../../src/core/rate-limit.js';
import { parseSeedText } from '../../src/seed/parse.js';
import { createSimulator, type SeedAccountInfo } from '../../src/simulator.js';

export interface ServeOptions {
  host: string;
  port: string;
  seed?: string;
  state?: string;
  apiKey?: string;
  rateLimit: string;
  allowLocalWebhooks?: boolean;
  json?: boolean;
}

export function describeReady(baseUrl: string, accounts: readonly SeedAccountInfo[]) {
  return {
    base_url: baseUrl,
    accounts: accounts.map((account) => ({
      id: account.id,
      plan: account.plan,
      addon: account.addon,
      keys: { full: account.keys.full, admin: account.keys.admin, write: account.keys.write, read: account.keys.read },
    })),
  };
}

function printHuman(baseUrl: string, accounts: readonly SeedAccountInfo[]): void {
  const lines = [`Switchboard sandbox listening on ${baseUrl}`, '', 'Accounts and keys (send as X-Service-Api-Key):'];
  for (const account of accounts) {
    lines.push(`  #${account.id} ${account.business_name} (plan ${account.plan}, add-on ${account.addon})`);
    for (const scope of ['full', 'admin', 'write', 'read'] as const) {
      if (account.keys[scope]) lines.push(`      ${scope.padEnd(5)} ${account.keys[scope]}`);
    }
  }
  lines.push('', `Try: curl -H "X-Service-Api-Key: ${accounts[0]?.keys.full ?? '<key>'}" ${baseUrl}/account`, 'Ctrl-C stops.');
  console.log(lines.join('\n'));
}

export async function serve(options: ServeOptions): Promise<void> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0 to 65535, got ${options.port}`);
  const seed = options.seed ? parseSeedText(readFileSync(options.seed, 'utf8')) : undefined;
  const state = options.state ? loadState(options.state) : undefined;
  const sim = createSimulator({
    seed,
    state,
    apiKey: options.apiKey,
    rateLimit: parseRateLimit(options.rateLimit),
    allowLocalWebhooks: options.allowLocalWebhooks ?? false,
    logger: consoleLogger,
  });
  const persistence = options.state ? persistState(sim, options.state) : undefined;
  const running = await listen(sim, { host: options.host, port, onError: (error) => consoleLogger.error('request failed', error) });

  if (options.json) console.log(JSON.stringify(describeReady(running.baseUrl, sim.accounts)));
  else printHuman(running.baseUrl, sim.accounts);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    if (!options.json) console.error(`\n${signal}: shutting down`);
    await running.close();
    persistence?.flush();
    persistence?.stop();
    sim.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Run the sandbox as a standalone HTTP server')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '4010')
    .option('--seed <file>', 'seed file to start from (docs/fixtures.md); default: the embedded seed')
    .option('--state <file>', 'load state from this file at start and keep saving it (atomic writes)')
    .option('--api-key <key>', "fix the first account's full-scope key")
    .option('--rate-limit <limits>', 'per-minute/per-second limits, e.g. 6000/100, or "off"', '200/20')
    .option('--allow-local-webhooks', 'allow http:// webhook URLs on loopback hosts')
    .option('--json', 'print one JSON line with base_url and keys once ready')
    .action(async (options: ServeOptions) => serve(options));
}
