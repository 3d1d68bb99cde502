/**
 * Which IP addresses a webhook may reach: the address classes of RFC 6890 and friends, for both
 * the URL rule (a literal address in the URL) and delivery (every address a name resolves to).
 * Pure functions over parsed addresses; no resolver, so the runtime-neutral core can use them.
 */

/** Four octets of a dotted-decimal IPv4 address, or null. */
export function parseIPv4(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/**
 * Eight 16-bit groups of an IPv6 address, bracketed (`[::1]`, as the URL parser prints a host) or
 * bare (`::1`, as a resolver answers), with an embedded dotted IPv4 tail allowed (`::ffff:1.2.3.4`).
 */
export function parseIPv6(text: string): number[] | null {
  let body = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!body.includes(':')) return null;
  const zone = body.indexOf('%');
  if (zone >= 0) body = body.slice(0, zone);
  const lastColon = body.lastIndexOf(':');
  const tail = body.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIPv4(tail);
    if (!v4) return null;
    body = `${body.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = body.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
      out.push(parseInt(group, 16));
    }
    return out;
  };
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !rest) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - rest.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...rest];
}

export function isLoopbackIPv4(octets: readonly number[]): boolean {
  return octets[0] === 127;
}

/** Not a public unicast address: private, loopback, link-local, shared, documentation, multicast... */
export function isNonPublicIPv4([a, b, c]: readonly number[]): boolean {
  if (a === undefined || b === undefined || c === undefined) return true;
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast (deprecated)
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The IPv4 address inside `::ffff:a.b.c.d` (mapped) or the old `::a.b.c.d` (compatible) form. */
export function embeddedIPv4(groups: readonly number[]): number[] | null {
  const prefixZero = groups.slice(0, 5).every((g) => g === 0);
  if (!prefixZero || (groups[5] !== 0xffff && groups[5] !== 0)) return null;
  const hi = groups[6]!;
  const lo = groups[7]!;
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
}

export function isLoopbackIPv6(groups: readonly number[]): boolean {
  if (groups.every((part, i) => part === (i === 7 ? 1 : 0))) return true;
  // Only the mapped form (::ffff:127.x) reaches IPv4 loopback; the deprecated compatible one does not.
  const v4 = groups[5] === 0xffff ? embeddedIPv4(groups) : null;
  return v4 !== null && isLoopbackIPv4(v4);
}

/**
 * Not a public unicast address. Transition prefixes that tunnel to an IPv4 address chosen by
 * whoever writes the URL (6to4 2002::/16, Teredo 2001::/32, NAT64 64:ff9b::/96) are refused
 * outright: a webhook receiver has no reason to live behind one, and each can smuggle a private
 * IPv4 address past a check that only reads the IPv6 form.
 */
export function isNonPublicIPv6(groups: readonly number[]): boolean {
  const first = groups[0]!;
  if (groups.every((g) => g === 0)) return true; // unspecified
  const v4 = embeddedIPv4(groups);
  if (v4) return isNonPublicIPv4(v4) || groups[5] === 0; // compatible form is deprecated: refuse
  if (first === 0x64 && groups[1] === 0xff9b) return true; // NAT64
  if (first === 0x0100 && groups.slice(1, 4).every((g) => g === 0)) return true; // discard-only 100::/64
  if (first === 0x2002) return true; // 6to4
  if (first === 0x2001 && groups[1] === 0) return true; // Teredo
  if (first === 0x2001 && groups[1]! < 0x200) return true; // other IETF protocol assignments 2001::/23
  if (first === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  if (first === 0x3fff && groups[1]! < 0x1000) return true; // documentation 3fff::/20
  if ((first & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return true; // old site-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  return false;
}

export type AddressClass = 'public' | 'loopback' | 'private' | 'invalid';

/** Classifies an address as a resolver returns it (`1.2.3.4`, `::1`) or as a URL host (`[::1]`). */
export function classifyAddress(text: string): AddressClass {
  const v4 = parseIPv4(text);
  if (v4) return isLoopbackIPv4(v4) ? 'loopback' : isNonPublicIPv4(v4) ? 'private' : 'public';
  const v6 = parseIPv6(text);
  if (v6) return isLoopbackIPv6(v6) ? 'loopback' : isNonPublicIPv6(v6) ? 'private' : 'public';
  return 'invalid';
}

/** Whether a URL host is an address literal rather than a name. */
export function isAddressLiteral(host: string): boolean {
  return parseIPv4(host) !== null || host.startsWith('[');
}
