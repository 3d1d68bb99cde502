/**
 * The webhook URL rule (4.1: "https on a public host"). A delivery is a request the service makes
 * on a customer's behalf, so a URL that reaches the service's own network (loopback, private,
 * link-local, metadata addresses, internal names) is refused, as is anything but https.
 *
 * The check reads the URL as written; it does not resolve DNS (the neutral core has no resolver).
 * `allowLocal` (serve --allow-local-webhooks) lets http or https reach loopback hosts only, for a
 * receiver on the developer's machine.
 */
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa', '.corp', '.private'];
export function checkWebhookUrl(raw, allowLocal) {
    let url;
    try {
        url = new URL(raw);
    }
    catch {
        return { ok: false, reason: 'url is not an absolute URL.' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return { ok: false, reason: 'url must use https.' };
    if (url.username !== '' || url.password !== '')
        return { ok: false, reason: 'url must not carry credentials.' };
    if (url.hash !== '')
        return { ok: false, reason: 'url must not have a #fragment.' };
    const host = url.hostname.toLowerCase();
    if (host === '')
        return { ok: false, reason: 'url needs a host.' };
    const loopback = isLoopbackHost(host);
    if (allowLocal && loopback)
        return { ok: true, url: url.href };
    if (url.protocol !== 'https:') {
        return {
            ok: false,
            reason: loopback
                ? 'url must use https; http to a loopback host needs the simulator option allowLocalWebhooks (serve --allow-local-webhooks).'
                : 'url must use https.',
        };
    }
    const hostProblem = nonPublicReason(host);
    if (hostProblem) {
        return {
            ok: false,
            reason: loopback
                ? `${hostProblem} A local receiver needs the simulator option allowLocalWebhooks (serve --allow-local-webhooks).`
                : hostProblem,
        };
    }
    return { ok: true, url: url.href };
}
function isLoopbackHost(host) {
    if (host === 'localhost' || host.endsWith('.localhost'))
        return true;
    const v4 = parseIPv4(host);
    if (v4)
        return v4[0] === 127;
    const v6 = parseIPv6(host);
    if (!v6)
        return false;
    if (v6.every((part, i) => part === (i === 7 ? 1 : 0)))
        return true;
    const mapped = mappedIPv4(v6);
    return mapped !== null && mapped[0] === 127;
}
/** Why the host is not a public one, or null when it is. */
function nonPublicReason(host) {
    const v4 = parseIPv4(host);
    if (v4)
        return privateIPv4(v4) ? 'url must be on a public host, not a private, loopback or reserved address.' : null;
    const v6 = parseIPv6(host);
    if (v6)
        return privateIPv6(v6) ? 'url must be on a public host, not a private, loopback or reserved address.' : null;
    if (host.startsWith('['))
        return 'url host is not a valid address.';
    if (host === 'localhost' || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix) || host === suffix.slice(1))) {
        return 'url must be on a public host, not a local or internal name.';
    }
    // A single-label name ("intranet", "metadata") resolves only inside a private network.
    if (!host.includes('.'))
        return 'url must be on a public host (a fully qualified domain name).';
    if (host.endsWith('.'))
        return nonPublicReason(host.slice(0, -1));
    return null;
}
/** The WHATWG URL parser already turned `2130706433`, `0x7f.1` etc. into dotted decimal. */
function parseIPv4(host) {
    const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
    if (!match)
        return null;
    const parts = match.slice(1).map(Number);
    return parts.every((p) => p <= 255) ? parts : null;
}
function privateIPv4([a, b, c]) {
    if (a === undefined || b === undefined || c === undefined)
        return true;
    return (a === 0 || // "this" network
        a === 10 ||
        a === 127 ||
        (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
        (a === 169 && b === 254) || // link-local, cloud metadata
        (a === 172 && b >= 16 && b <= 31) ||
        (a === 192 && b === 168) ||
        (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
        (a === 198 && (b === 18 || b === 19)) || // benchmarking
        (a === 198 && b === 51 && c === 100) || // TEST-NET-2
        (a === 203 && b === 0 && c === 113) || // TEST-NET-3
        a >= 224 // multicast, reserved, broadcast
    );
}
/** Eight 16-bit groups of a bracketed IPv6 host as the URL parser prints it (`[::1]`). */
function parseIPv6(host) {
    if (!host.startsWith('[') || !host.endsWith(']'))
        return null;
    const text = host.slice(1, -1);
    const halves = text.split('::');
    if (halves.length > 2)
        return null;
    const parse = (part) => {
        if (part === '')
            return [];
        const groups = part.split(':');
        const out = [];
        for (const group of groups) {
            if (!/^[0-9a-f]{1,4}$/.test(group))
                return null;
            out.push(parseInt(group, 16));
        }
        return out;
    };
    const head = parse(halves[0]);
    const tail = halves.length === 2 ? parse(halves[1]) : [];
    if (!head || !tail)
        return null;
    if (halves.length === 1)
        return head.length === 8 ? head : null;
    const missing = 8 - head.length - tail.length;
    if (missing < 1)
        return null;
    return [...head, ...new Array(missing).fill(0), ...tail];
}
function mappedIPv4(groups) {
    const prefixZero = groups.slice(0, 5).every((g) => g === 0);
    if (!prefixZero || (groups[5] !== 0xffff && groups[5] !== 0))
        return null;
    const hi = groups[6];
    const lo = groups[7];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
}
function privateIPv6(groups) {
    const first = groups[0];
    if (groups.every((g) => g === 0))
        return true; // unspecified
    const mapped = mappedIPv4(groups);
    if (mapped)
        return privateIPv4(mapped); // ::ffff:a.b.c.d and the old ::a.b.c.d form
    if (groups[0] === 0x64 && groups[1] === 0xff9b)
        return true; // NAT64 can reach internal IPv4
    if ((first & 0xfe00) === 0xfc00)
        return true; // unique local fc00::/7
    if ((first & 0xffc0) === 0xfe80)
        return true; // link-local fe80::/10
    if ((first & 0xffc0) === 0xfec0)
        return true; // old site-local
    if ((first & 0xff00) === 0xff00)
        return true; // multicast
    if (first === 0x2001 && groups[1] === 0x0db8)
        return true; // documentation
    return false;
}
//# sourceMappingURL=url-rule.js.map