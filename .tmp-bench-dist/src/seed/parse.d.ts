/** Validates a seed, turning the first problem into an error that names its JSON path. */
import { type SeedFileData } from './schema.js';
export declare class SeedError extends Error {
    readonly jsonPath: string;
    constructor(jsonPath: string, message: string);
}
/** `['accounts', 0, 'plan']` -> `$.accounts[0].plan` */
export declare function toJsonPath(path: readonly PropertyKey[]): string;
export declare function parseSeed(value: unknown): SeedFileData;
export declare function parseSeedText(text: string): SeedFileData;
