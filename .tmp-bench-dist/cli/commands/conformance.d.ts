import type { Command } from 'commander';
export interface ConformanceCliOptions {
    baseUrl?: string;
    apiKey?: string;
    apiKeyB?: string;
    inactiveKey?: string;
    section?: string[];
    check?: string[];
    profile?: string;
    level?: string;
    reporter: string;
    output?: string;
    seed?: string;
    runs?: string;
    replay?: string;
    cleanup?: string;
    maxRequests?: string;
    ledgerDir: string;
    virtualTime: boolean;
}
export declare function conformance(options: ConformanceCliOptions): Promise<number>;
export declare function registerConformance(program: Command): void;
