import type { Command } from 'commander';
import { type RateLimitConfig } from '../../src/core/rate-limit.js';
import { type SeedFileData } from '../../src/seed/schema.js';
import { type SeedAccountInfo } from '../../src/simulator.js';
export declare const DEFAULT_PORT = 4010;
export declare const DEFAULT_HOST = "127.0.0.1";
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
/** The one line `--json` prints once the server is ready. */
export declare function describeReady(baseUrl: string, accounts: readonly SeedAccountInfo[]): {
    base_url: string;
    accounts: {
        id: number;
        plan: "free" | "creator" | "pro" | "business";
        addon: "active" | "inactive";
        keys: {
            full: string | undefined;
            admin: string | undefined;
            write: string | undefined;
            read: string | undefined;
        };
    }[];
};
/** Option errors name the option, so a typo in a CI script is obvious from the one line printed. */
export declare function parsePort(text: string): number;
export declare function parseRateLimitOption(text: string): RateLimitConfig | 'off';
/** Reads and validates a seed file; errors start with `label` (the option, for serve). */
export declare function readSeedFile(file: string, label?: string): SeedFileData;
export declare function checkApiKeyOption(key: string): string;
export declare function serve(options: ServeOptions): Promise<void>;
export declare function registerServe(program: Command): void;
