/** One recorded HTTP exchange, as every recorder (proxy, serve --record, HAR) hands it over. */
export interface RecordedExchange {
  readonly method: string;
  /** Absolute URL, or path plus query. */
  readonly url: string;
  /** Header names in lower case. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody?: string;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  readonly responseBody?: string;
}

export interface RecordOptions {
  /** The scenario's title. */
  readonly name?: string;
  /**
   * Body fields whose values are personal data, replaced by stable placeholders wherever the
   * value appears (default `email`, `phone`, `lead_email`, `lead_phone`). Names match at any depth.
   */
  readonly redactFields?: readonly string[];
  /** JSON path patterns to redact as well (`$.data.name`, `$..notes`). */
  readonly redactPaths?: readonly string[];
  /** Known keys and the credential names to record instead (serve --record knows the scopes). */
  readonly keyNames?: ReadonlyMap<string, string>;
  /** Where the API lives in recorded paths (default `/api/v1`). */
  readonly basePath?: string;
}

export const DEFAULT_REDACT_FIELDS = ['email', 'phone', 'lead_email', 'lead_phone'] as const;
