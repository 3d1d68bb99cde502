/**
 * "Copy as curl": the request as a shell command anyone can paste. The key is never in it: the
 * command reads it from $SWITCHBOARD_API_KEY. The in-process sandbox has no URL, so its command
 * targets $SWITCHBOARD_BASE_URL (default a local `switchboard serve`).
 */
export interface CurlInput {
  readonly method: string;
  /** The base URL (ends in /api/v1), or undefined for the in-process sandbox. */
  readonly baseUrl: string | undefined;
  /** Relative path with query. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function toCurl(input: CurlInput): string {
  const base = input.baseUrl === undefined ? '"${SWITCHBOARD_BASE_URL:-http://127.0.0.1:4010/api/v1}"' : quote(input.baseUrl);
  const url = input.baseUrl === undefined ? `${base}${quote(input.path)}` : quote(`${input.baseUrl}${input.path}`);
  const parts = ['curl -sS'];
  if (input.method !== 'GET') parts.push(`-X ${input.method}`);
  parts.push(url);
  parts.push('-H "X-Service-Api-Key: $SWITCHBOARD_API_KEY"');
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (/^(x-service-api-key|authorization|x-api-key|x-sandbox-token)$/i.test(name)) continue;
    parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  if (input.body !== undefined && input.body.trim() !== '') {
    if (!Object.keys(input.headers ?? {}).some((name) => name.toLowerCase() === 'content-type')) parts.push(`-H 'Content-Type: application/json'`);
    parts.push(`--data-raw ${quote(input.body)}`);
  }
  return parts.join(' ');
}

/** OSC 52: asks the terminal to put the text on the clipboard (no native module, works over ssh). */
export function osc52(text: string): string {
  return `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}
