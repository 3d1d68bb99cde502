/**
 * What the example run needs of a simulator (issue 13): a fresh one on the default seed, its
 * in-process `request`, `reset` between operations, and the rate limiter for the 429 example.
 * Declared here by shape, so the document builder never imports the simulator that serves it.
 */
export interface ExampleRequest {
  readonly method: string;
  /** Relative to `/api/v1`. */
  readonly path: string;
  readonly key?: string;
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  /** A Content-Length to declare instead of the body's own (a 413 example: refused before any byte is read). */
  readonly declaredLength?: number;
}

export interface ExampleResponse {
  readonly status: number;
  readonly body: unknown;
}

export interface ExampleTarget {
  request(options: ExampleRequest): Promise<ExampleResponse>;
  reset(): void;
  setRateLimit(config: string): void;
  /** Arms the first account's next `next` API requests to fail with 500 (POST /_sandbox/server-errors); 0 disarms. */
  armServerErrors(next: number): void;
  /** Full-scope and read-scope keys of the first seed account; a key of an account whose add-on is inactive. */
  readonly keys: {
    readonly full: string;
    readonly read: string;
    readonly addonInactive: string | undefined;
    /** Full-scope keys of the other active seed accounts, in seed order (an error only another account's state meets). */
    readonly others: readonly string[];
  };
  /** The largest body the target accepts, in bytes (a 413 example sends one byte more). */
  readonly maxBodyBytes: number;
  close(): void;
}
