import type { FetchFn } from './options.js';
import type { CleanupSummary } from './types.js';
export interface CleanupOptions {
    readonly baseUrl: string;
    readonly apiKey: string;
    readonly apiKeyB?: string;
    readonly runId: string;
    readonly ledgerDir?: string;
    readonly fetch?: FetchFn;
}
export declare function cleanupRun(options: CleanupOptions): Promise<CleanupSummary>;
