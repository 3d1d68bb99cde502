/**
 * Colours by role. With NO_COLOR set (https://no-color.org) every role is undefined, so ink draws
 * no colour at all; emphasis that is not colour (bold, inverse for the cursor) stays, so the
 * screens remain usable in monochrome.
 */
export interface Theme {
  readonly accent?: string;
  readonly muted?: string;
  readonly ok?: string;
  readonly error?: string;
  readonly warn?: string;
  readonly key?: string;
  readonly string?: string;
  readonly number?: string;
  readonly boolean?: string;
  readonly null?: string;
  readonly method: Readonly<Record<string, string | undefined>>;
  /** Dim text where colour is off: ink's dimColor is an SGR attribute, not a colour. */
  readonly dim: boolean;
}

const COLOURS: Theme = {
  accent: 'cyan',
  muted: 'gray',
  ok: 'green',
  error: 'red',
  warn: 'yellow',
  key: 'cyan',
  string: 'green',
  number: 'yellow',
  boolean: 'magenta',
  null: 'gray',
  method: { GET: 'green', POST: 'yellow', PATCH: 'magenta', PUT: 'magenta', DELETE: 'red' },
  dim: true,
};

const MONOCHROME: Theme = { method: {}, dim: true };

export function noColorRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '';
}

export function themeFor(noColor: boolean): Theme {
  return noColor ? MONOCHROME : COLOURS;
}

/** The colour for an HTTP status: 2xx ok, 4xx warn, 5xx and failures error. */
export function statusColor(theme: Theme, status: number): string | undefined {
  if (status >= 200 && status < 300) return theme.ok;
  if (status >= 400 && status < 500) return theme.warn;
  return theme.error;
}
