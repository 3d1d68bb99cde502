/**
 * A deployment whose edge tarpits unknown paths (a WAF holding `/_sandbox/*` open without an
 * answer) is still a deployment every tool can use: the conformance kit, `scenario run` and the
 * terminal UI ask /_sandbox with one shared short limit and take silence for "not a sandbox",
 * saying so once, instead of stopping the run as if the target were down (audit 11b). A tarpit
 * on the API's own /openapi.json costs the kit its route list, not the run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { formatConsole } from '../conformance/reporters/console.js';
import { formatScenario } from '../src/scenarios/report/console.js';
import { runScenario } from '../src/scenarios/run.js';
import { connectUrl } from '../cli/tui/target/connection.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const ORIGIN = 'http://tarpit.invalid';
const sim = createSimulator({ rateLimit: 'off', logger: silentLogger });
afterAll(() => sim.close());

/** The simulator behind an edge that never answers the paths matched by `held`. */
function behindTarpit(held: (path: string) => boolean): (request: Request) => Promise<Response> {
  return (request) => {
    if (!held(new URL(request.url).pathname)) return sim.fetch(request);
    return new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
  };
}
const sandboxHeld = behindTarpit((path) => path.startsWith('/_sandbox'));

describe('the conformance kit against a tarpitted /_sandbox', () => {
  it('runs as against a deployment, and the report says why', async () => {
    const started = performance.now();
    const report = await runConformance({
      baseUrl: `${ORIGIN}/api/v1`,
      apiKey: sim.accounts[0]!.keys.full!,
      fetch: sandboxHeld,
      only: ['auth.missing-key', 'contacts.unknown-id'],
      timeoutMs: 1_000,
      seed: 1,
      ledgerDir: false,
    });
    expect(performance.now() - started).toBeLessThan(8_000);
    expect(report.target.simulator).toBe(false);
    expect(report.profile).toBe('safe');
    expect(report.target.note).toBe('/_sandbox did not answer within 1 s: taken for a deployment');
    expect(report.results.map((result) => `${result.id}: ${result.verdict}`)).toEqual(['auth.missing-key: pass', 'contacts.unknown-id: pass']);
    expect(formatConsole(report)).toContain('/_sandbox did not answer within 1 s: taken for a deployment');
  });

  it('a tarpitted /openapi.json costs the route list, not the run', async () => {
    const report = await runConformance({
      baseUrl: `${ORIGIN}/api/v1`,
      apiKey: sim.accounts[0]!.keys.full!,
      fetch: behindTarpit((path) => path.startsWith('/_sandbox') || path === '/api/v1/openapi.json'),
      only: ['auth.missing-key'],
      timeoutMs: 1_000,
      seed: 1,
      ledgerDir: false,
    });
    expect(report.results.map((result) => `${result.id}: ${result.verdict}`)).toEqual(['auth.missing-key: pass']);
    // The kit's own catalogue stands in for the target's document.
    expect(report.target.routes).toContain('GET /contacts');
  });
});

describe('scenario run against a tarpitted /_sandbox', () => {
  it('runs the scenario on the deployment and says why it is one', async () => {
    const result = await runScenario('fixtures/scenarios/idempotent-retry.yaml', {
      target: `${ORIGIN}/api/v1`,
      fetch: sandboxHeld,
      timeoutMs: 1_000,
      credentials: { write: sim.accounts[0]!.keys.write!, read: sim.accounts[0]!.keys.read! },
    });
    expect(result.failed, formatScenario(result)).toBe(0);
    expect(result.targetKind).toBe('remote');
    expect(result.targetNote).toBe('/_sandbox did not answer within 1 s: taken for a deployment');
    expect(formatScenario(result)).toContain('  /_sandbox did not answer within 1 s: taken for a deployment');
  });

  it('an origin that answers nothing at all is still down', async () => {
    const result = await runScenario('fixtures/scenarios/idempotent-retry.yaml', {
      target: `${ORIGIN}/api/v1`,
      fetch: behindTarpit(() => true),
      timeoutMs: 300,
      credentials: { write: 'sbx_x', read: 'sbx_y' },
    });
    expect(result.failed).toBeGreaterThan(0);
    expect(result.error ?? result.steps[0]?.note).toMatch(/did not answer within 0\.3 s/);
  });
});

describe('the terminal UI against a tarpitted /_sandbox', () => {
  it('connects to a deployment with the note, through the same probe', async () => {
    const connection = await connectUrl({ name: 'waf', baseUrl: `${ORIGIN}/api/v1`, apiKey: sim.accounts[0]!.keys.read!, fetch: sandboxHeld, probeTimeoutMs: 200 });
    expect(connection.kind).toBe('remote');
    expect(connection.note).toBe('/_sandbox did not answer within 0.2 s: taken for a deployment');
    await connection.close();
  });
});
