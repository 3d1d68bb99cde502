/**
 * The webhook URL rule (4.1: "https on a public host"). A delivery is a request the service makes
 * on a customer's behalf, so a URL that reaches the service's own network (loopback, private,
 * link-local, metadata addresses, internal names) is refused, as is anything but https.
 *
 * The check reads the URL as written; it does not resolve DNS (the neutral core has no resolver):
 * what a name resolves to is checked again at every delivery (./egress.ts). `allowLocal` (serve
 * --allow-local-webhooks <ports>) lets http or https reach loopback hosts on the named ports only,
 * for a receiver on the developer's machine.
 */
import { describeAllowance, loopbackPortAllowed, urlPort, type LoopbackAllowance } from './egress.js';
import { isLoopbackIPv4, isLoopbackIPv6, isNonPublicIPv4, isNonPublicIPv6, parseIPv4, parseIPv6 } from './ip-ranges.js';

export type UrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

export interface UrlRuleOptions {
  /**
   * Also accept plain http to a public host. Webhook endpoints never do (4.1: https); a flow's
   * `http_request` node does (its catalogue entry says "http(s)"), with every other part of the
   * rule (no credentials, no loopback, private, metadata or internal hosts) unchanged.
   */
  readonly plainHttp?: boolean;
  /** Say how to allow a local receiver (true for webhooks; a flow node has no such option). */
  readonly localHint?: boolean;
}

const INTERNAL_SUFFIXES = ['.localhost', '.localdomain', '.local', '.internal', '.intranet', '.lan', '.home.arpa', '.corp', '.private'];

export function checkWebhookUrl(raw: string, allowLocal: LoopbackAllowance, options: UrlRuleOptions = {}): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'url is not an absolute URL.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'url must use https.' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'url must not carry credentials.' };
  if (url.hash !== '') return { ok: false, reason: 'url must not have a #fragment.' };
  const host = url.hostname.toLowerCase();
  if (host === '') return { ok: false, reason: 'url needs a host.' };

  const loopback = isLoopbackHost(host);
  if (loopback && loopbackPortAllowed(allowLocal, urlPort(url))) return { ok: true, url: url.href };
  if (loopback && allowLocal !== false) {
    return { ok: false, reason: `url is on a loopback host, and local webhooks are allowed on ${describeAllowance(allowLocal)} only (not ${urlPort(url)}).` };
  }
  if (url.protocol !== 'https:' && !options.plainHttp) {
    return {
      ok: false,
      reason: loopback
        ? 'url must use https; http to a loopback host needs the simulator option allowLocalWebhooks (serve --allow-local-webhooks <ports>).'
        : 'url must use https.',
    };
  }
  const hostProblem = nonPublicReason(host);
  if (hostProblem) {
    return {
      ok: false,
      reason: loopback && options.localHint !== false
        ? `${hostProblem} A local receiver needs the simulator option allowLocalWebhooks (serve --allow-local-webhooks <ports>).`
        : hostProblem,
    };
  }
  return { ok: true, url: url.href };
}

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === 'localhost.' || host.endsWith('.localhost') || host.endsWith('.localhost.')) return true;
  const v4 = parseIPv4(host);
  if (v4) return isLoopbackIPv4(v4);
  const v6 = parseIPv6(host);
  return v6 !== null && isLoopbackIPv6(v6);
}

const NOT_PUBLIC = 'url must be on a public host, not a private, loopback or reserved address.';

/** Why the host is not a public one, or null when it is. */
function nonPublicReason(host: string): string | null {
  const v4 = parseIPv4(host);
  if (v4) return isNonPublicIPv4(v4) ? NOT_PUBLIC : null;
  if (host.startsWith('[')) {
    const v6 = parseIPv6(host);
    if (!v6) return 'url host is not a valid address.';
    return isNonPublicIPv6(v6) ? NOT_PUBLIC : null;
  }
  if (host.endsWith('.')) return nonPublicReason(host.slice(0, -1));
  if (host === 'localhost' || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix) || host === suffix.slice(1))) {
    return 'url must be on a public host, not a local or internal name.';
  }
  // A single-label name ("intranet", "metadata") resolves only inside a private network.
  if (!host.includes('.')) return 'url must be on a public host (a fully qualified domain name).';
  return null;
}
