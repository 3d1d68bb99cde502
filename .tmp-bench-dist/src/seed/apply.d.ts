/** Loads a validated seed into an empty simulator, inside one transaction. */
import type { App } from '../resources/app.js';
import type { SeedFileData } from './schema.js';
export declare function applySeed(app: App, seed: SeedFileData): void;
