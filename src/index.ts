/**
 * switchboard: an in-memory, stateful simulator of the Messaging Automation REST API v1.
 *
 *   const sim = createSimulator();
 *   const res = await sim.request({ path: '/account', key: sim.accounts[0].keys.full });
 */
export { createSimulator, DEFAULT_MAX_BODY_BYTES } from './simulator.js';
export type { Simulator, SimulatorOptions, SeedAccountInfo, RequestOptions, SandboxApi, SimulatorSnapshot } from './simulator.js';
export type { SimRequest, SimResponse, Scope, Plan, Channel } from './core/types.js';
export type { ServedRequest } from './core/pipeline.js';
export type { RateLimitConfig } from './core/rate-limit.js';
export { parseRateLimit } from './core/rate-limit.js';
export { ERROR_CATALOGUE, type ErrorCode } from './core/errors.js';
export { MUTANTS, type MutantName } from './simulator/mutants.js';
export { EVENT_NAMES, registry } from './resources/index.js';
export { BASE_PATH, CONTROL_PREFIX } from './core/paths.js';
export { SeedError } from './seed/parse.js';
export { defaultSeed } from './seed/default.js';
export { defineGroup, routesFor, seedFor, type GroupContext, type AnyGroup } from './groups/define.js';
export { defineEvent } from './groups/events.js';
export { powersFor } from './control/power.js';
export { hook } from './core/hooks.js';
export { verifyWebhook, type Verification, type VerifyOptions } from './resources/webhooks/verify.js';
export {
  createFetchTransport,
  WebhookTransportError,
  type FetchTransportOptions,
  type WebhookTransport,
  type WebhookTransportRequest,
  type WebhookTransportResponse,
} from './resources/webhooks/transport.js';
export type { LoopbackAllowance } from './resources/webhooks/egress.js';
