/**
 * `createSimulator` and the simulator's types: the public entry of the in-process simulator.
 * The assembly lives in simulator/create.ts.
 */
export { createSimulator, DEFAULT_MAX_BODY_BYTES } from './simulator/create.js';
export type { RequestOptions, SandboxApi, SeedAccountInfo, Simulator, SimulatorOptions } from './simulator/create.js';
export type { SimulatorSnapshot } from './simulator/types.js';
export type { ServedRequest } from './core/pipeline.js';
