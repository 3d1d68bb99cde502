/** Keys, tokens and secrets on screen: a recognisable head and bullets, never the whole value. */
export function maskSecret(value: string | undefined): string {
  if (!value) return '(none)';
  const head = value.startsWith('sbx_') ? value.slice(0, Math.min(value.length - 4, 9)) : value.slice(0, Math.min(4, Math.floor(value.length / 4)));
  return `${head}••••`;
}

/** Body fields whose values are secrets: masked wherever the TUI shows a body. */
const SECRET_FIELDS = new Set(['api_key', 'signing_secret', 'secret', 'control_token', 'password', 'token', 'access_token', 'refresh_token']);

export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name.toLowerCase());
}

/** A copy of a JSON value with secret fields masked. */
export function maskBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskBody);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) out[name] = isSecretField(name) && typeof item === 'string' ? maskSecret(item) : maskBody(item);
    return out;
  }
  return value;
}

/** Header values that carry keys or tokens. */
export const SECRET_HEADERS = new Set(['x-service-api-key', 'authorization', 'x-api-key', 'x-sandbox-token']);
