import type { Command } from 'commander';
export type FailMode = '500' | 'timeout';
export interface ListenerConfig {
    host: string;
    port: number;
    secrets: readonly string[];
    json: boolean;
    failWith?: FailMode;
    /** Fail this many valid deliveries, then answer 200. Default: every one while failWith is set. */
    failTimes?: number;
    /** Largest accepted body. */
    maxBodyBytes?: number;
    /** The receiver's clock (tests pin it). */
    now?: () => number;
}
export interface ListenerRecord {
    received_at: string;
    method: string;
    path: string;
    webhook_id: string | null;
    webhook_timestamp: string | null;
    attempt: number;
    verified: boolean | null;
    status: number | 'timeout';
    type: string | null;
    event: unknown;
    error?: string;
}
export interface Listener {
    readonly url: string;
    readonly port: number;
    close(): Promise<void>;
}
/** One readable line per delivery, then the event data indented. */
export declare function formatReadable(record: ListenerRecord): string;
export declare function startListener(config: ListenerConfig, print: (line: string) => void): Promise<Listener>;
interface ListenCliOptions {
    host: string;
    port: string;
    secret: string[];
    json?: boolean;
    failWith?: string;
    failTimes?: string;
}
export declare function parseListenOptions(options: ListenCliOptions, env?: NodeJS.ProcessEnv): ListenerConfig;
export declare function registerListen(program: Command): void;
export {};
