/**
 * The simulator's logger. It is handed messages, never requests: API keys, signing secrets and
 * bodies are not passed in, so they cannot reach a log.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.error(message),
  warn: (message) => console.error(`warn: ${message}`),
  error: (message, error) => console.error(`error: ${message}`, error instanceof Error ? error.stack : (error ?? '')),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
