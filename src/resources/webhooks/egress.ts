/**
 * Where a delivery may go (docs/webhooks.md, "Egress"). The URL rule (./url-rule.ts) judges the
 * URL as written when an endpoint is saved; this module judges the connection when a delivery is
 * sent, because a public-looking name can resolve to a private address (`127.0.0.1.nip.io`) or
 * change its answer after the endpoint was saved (DNS rebinding):
 *
 * - reserved names (RFC 2606, RFC 6761: `.test`, `.example`, `.invalid`, `.localhost`, the
 *   `example.com/.net/.org` domains, and `.onion`, RFC 7686) are never resolved; a delivery to one
 *   fails at once with a reason, so tests and the conformance kit can point endpoints at them
 *   and nothing leaves the machine;
 * - every address a name resolves to must be public (one private answer refuses the whole name,
 *   so a resolver cannot be played by ordering), and the transport connects to the address it
 *   checked, never resolving again in between;
 * - loopback is reachable only when the operator allowed it, and then only on the ports named.
 */
import { classifyAddress, type AddressClass } from './ip-ranges.js';

/** Loopback receivers the operator allowed: none, any port (in-process use), or these ports. */
export type LoopbackAllowance = boolean | readonly number[];

const RESERVED_TLDS = ['test', 'example', 'invalid', 'localhost', 'onion'];
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

function bareHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/** A name RFC 2606 / 6761 / 7686 reserves: it must never be looked up. */
export function isReservedName(host: string): boolean {
  const name = bareHost(host);
  const tld = name.slice(name.lastIndexOf('.') + 1);
  if (RESERVED_TLDS.includes(tld)) return true;
  return RESERVED_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`));
}

/** Validates the `allowLocalWebhooks` option: true, false, or a list of ports (1-65535). */
export function loopbackAllowance(value: boolean | readonly number[] | undefined): LoopbackAllowance {
  if (value === undefined || typeof value === 'boolean') return value ?? false;
  for (const port of value) {
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new TypeError(`allowLocalWebhooks: ${String(port)} is not a port (1-65535)`);
  }
  return [...new Set(value)].sort((a, b) => a - b);
}

/** `4400,8080` (serve --allow-local-webhooks) as a port list; throws naming the bad part. */
export function parsePortList(text: string): number[] {
  const ports = text.split(',').map((part) => part.trim());
  for (const part of ports) {
    if (!/^\d{1,5}$/.test(part) || Number(part) < 1 || Number(part) > 65535) {
      throw new TypeError(`"${part}" is not a port (1-65535); name the ports, e.g. --allow-local-webhooks 4400,8080`);
    }
  }
  return [...new Set(ports.map(Number))].sort((a, b) => a - b);
}

export function loopbackPortAllowed(allowance: LoopbackAllowance, port: number): boolean {
  return allowance === true || (Array.isArray(allowance) && allowance.includes(port));
}

/** The port a URL connects to (its explicit port or the scheme's default). */
export function urlPort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'http:' ? 80 : 443;
}

export function describeAllowance(allowance: LoopbackAllowance): string {
  if (allowance === true) return 'any port';
  if (allowance === false || allowance.length === 0) return 'no port';
  return `port${allowance.length === 1 ? '' : 's'} ${allowance.join(', ')}`;
}

/** Why an address may not be connected to, or null when it may. */
export function addressRefusal(address: string, port: number, allowance: LoopbackAllowance): string | null {
  const kind: AddressClass = classifyAddress(address);
  if (kind === 'public') return null;
  if (kind === 'loopback') {
    if (loopbackPortAllowed(allowance, port)) return null;
    return allowance === false
      ? `${address} is a loopback address; local receivers need allowLocalWebhooks (serve --allow-local-webhooks <ports>).`
      : `${address} is a loopback address and port ${port} is not allowed (local webhooks are allowed on ${describeAllowance(allowance)}).`;
  }
  if (kind === 'private') return `${address} is a private, link-local or reserved address.`;
  return `${address} is not an IP address.`;
}

export class EgressRefused extends Error {
  override readonly name = 'EgressRefused';
}

/**
 * Checks what a resolver answered for `host` and returns the address to connect to. Throws
 * EgressRefused naming the first address that is not allowed.
 */
export function pickCheckedAddress(host: string, addresses: readonly string[], port: number, allowance: LoopbackAllowance): string {
  if (addresses.length === 0) throw new EgressRefused(`${host} did not resolve to any address.`);
  for (const address of addresses) {
    const refusal = addressRefusal(address, port, allowance);
    if (refusal) throw new EgressRefused(`refused: ${host} resolves to ${refusal}`);
  }
  return addresses[0]!;
}

/** What a delivery's connection does, decided before any lookup. */
export type EgressPlan =
  /** `reservedName`: refused only because the name is reserved (an in-process interceptor may take it). */
  | { readonly kind: 'refused'; readonly reason: string; readonly reservedName: boolean }
  /** Connect to this address (a literal in the URL, or `localhost`, which RFC 6761 pins to loopback). */
  | { readonly kind: 'address'; readonly address: string }
  /** A public-looking name: resolve it, then `pickCheckedAddress` on the answer. */
  | { readonly kind: 'resolve'; readonly host: string };

/**
 * The checks that need no resolver, for a host as a URL or a connector names it (`[::1]` or
 * `::1`): an address literal, `localhost` (RFC 6761 pins it to loopback), or a reserved name.
 */
export function planHost(hostname: string, port: number, allowance: LoopbackAllowance): EgressPlan {
  const host = bareHost(hostname);
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = classifyAddress(unbracketed) === 'invalid' ? null : unbracketed;
  const pinned = host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : literal;
  if (pinned !== null) {
    const refusal = addressRefusal(pinned, port, allowance);
    return refusal === null ? { kind: 'address', address: pinned } : { kind: 'refused', reason: `refused: ${refusal}`, reservedName: false };
  }
  if (isReservedName(host)) {
    return {
      kind: 'refused',
      reason: `refused: ${host} is a reserved name (RFC 2606/6761) and is never resolved; nothing was sent.`,
      reservedName: true,
    };
  }
  return { kind: 'resolve', host };
}

export function planEgress(url: URL, allowance: LoopbackAllowance): EgressPlan {
  return planHost(url.hostname, urlPort(url), allowance);
}
