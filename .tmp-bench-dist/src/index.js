/**
 * switchboard: an in-memory, stateful simulator of the Messaging Automation REST API v1.
 *
 *   const sim = createSimulator();
 *   const res = await sim.request({ path: '/account', key: sim.accounts[0].keys.full });
 */
export { createSimulator, DEFAULT_MAX_BODY_BYTES } from './simulator.js';
export { parseRateLimit } from './core/rate-limit.js';
export { ERROR_CATALOGUE } from './core/errors.js';
export { MUTANTS } from './core/mutants.js';
export { EVENT_NAMES } from './resources/events.js';
export { BASE_PATH, CONTROL_PREFIX } from './core/pipeline.js';
export { SeedError } from './seed/parse.js';
export { defaultSeed } from '../fixtures/default-seed.js';
//# sourceMappingURL=index.js.map