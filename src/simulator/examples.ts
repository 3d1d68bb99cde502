/**
 * Records the API document's examples (issue 13): every operation run, with the error statuses it
 * can reach, against a fresh simulator on the default seed (openapi/examples/collect.ts). The
 * result is kept in src/openapi/examples/recorded.json, which the served document merges in at
 * no cost; test/openapi-examples.test.ts runs the collection again and fails when the recording
 * differs from what the simulator answers today (`npm run examples:update` records it again).
 *
 * Why recorded rather than run when `/openapi.json` is first served: one run takes seconds (a
 * reset of the seed between operations costs tens of ms), and every process that serves or probes
 * the document (each `serve`, each conformance run) would pay it. See docs/decisions.md.
 */
import type { AnyGroup } from '../groups/define.js';
import { silentLogger } from '../core/logger.js';
import { collectExamples, toRecorded, type RecordedExamples } from '../openapi/examples/collect.js';
import type { ExampleRequest, ExampleResponse, ExampleTarget } from '../openapi/examples/target.js';
import { BASE_PATH } from '../core/paths.js';
import { createSimulator, DEFAULT_MAX_BODY_BYTES, type Simulator } from './create.js';

/**
 * The example simulator's frozen instant: fixed, so every recording of an unchanged simulator
 * is the same. A Monday at 09:00 UTC.
 */
export const EXAMPLE_INSTANT = '2026-01-05T09:00:00Z';
/** Two days later, 10:00: the instant a guessed body gives a future field (`scheduled_at`). */
const EXAMPLE_FUTURE = '2026-01-07T10:00:00+00:00';

/**
 * A fresh simulator on the default seed: clock frozen, no rate limit, and webhook receivers that
 * acknowledge without any network (an example `POST /webhooks/endpoints/{id}/test` is a real
 * delivery, answered 200).
 */
function exampleTarget(groups: readonly AnyGroup[]): ExampleTarget {
  const sim = createSimulator({
    groups,
    logger: silentLogger,
    rateLimit: 'off',
    clock: { frozenAt: EXAMPLE_INSTANT },
    webhookTransport: () => Promise.resolve({ status: 200, body: '' }),
  });
  const first = sim.accounts[0]!;
  return {
    request: (options) => (options.declaredLength === undefined ? sim.request({ ...options, headers: options.headers ? { ...options.headers } : undefined }) : declaring(sim, options)),
    reset: () => sim.reset(),
    setRateLimit: (config) => sim.setRateLimit(config),
    armServerErrors: (next) => void sim.sandbox.serverErrors(first.id, { next }),
    keys: {
      full: first.keys.full!,
      read: first.keys.read!,
      addonInactive: sim.accounts.find((account) => account.addon === 'inactive')?.keys.full,
      others: sim.accounts.filter((account) => account !== first && account.addon === 'active').map((account) => account.keys.full!),
    },
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
    close: () => sim.close(),
  };
}

/**
 * A request whose Content-Length says `declaredLength`, as a client streaming a large upload
 * declares it: the pipeline refuses it (413) before reading a byte, so no body is made.
 */
async function declaring(sim: Simulator, options: ExampleRequest): Promise<ExampleResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'multipart/form-data; boundary=example', ...options.headers };
  if (options.key !== undefined) headers['X-Service-Api-Key'] = options.key;
  const response = await sim.handle({
    method: options.method,
    path: `${BASE_PATH}${options.path}`,
    headers,
    bodySource: { declaredLength: options.declaredLength, read: () => Promise.resolve('too_large' as const) },
  });
  return { status: response.status, body: response.body };
}

/** Runs every operation of the groups' document against a fresh default-seed simulator. */
export async function recordExamples(groups: readonly AnyGroup[]): Promise<RecordedExamples> {
  const target = exampleTarget(groups);
  const probe = createSimulator({ groups, logger: silentLogger });
  const document = probe.openapi();
  probe.close();
  return toRecorded(await collectExamples(document, target, EXAMPLE_FUTURE));
}
