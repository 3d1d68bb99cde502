/**
 * The simulator's logger. It is handed messages, never requests: API keys, signing secrets and
 * bodies are not passed in, so they cannot reach a log.
 */
export interface Logger {
    info(message: string): void;
    warn(message: string): void;
    error(message: string, error?: unknown): void;
}
export declare const consoleLogger: Logger;
export declare const silentLogger: Logger;
