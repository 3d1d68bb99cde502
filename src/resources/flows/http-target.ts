/**
 * Where a flow's `http_request` node may point (docs/decisions.md, "What the catalogue promises").
 * The node makes the service call a URL on the account's behalf, as a webhook delivery does, so
 * it follows the webhook URL rule (../webhooks/url-rule.ts, reused, not copied): no credentials,
 * no fragment, no loopback, private, link-local (cloud metadata) or internal host. Two
 * differences, both from the catalogue: plain http is allowed ("http(s)"), and there is no local
 * receiver option (the sandbox never sends the request, see flow-runtime/http-step.ts).
 *
 * A placeholder in the scheme or host (`https://{custom_fields.shop}/x`) cannot be judged when
 * the flow is saved; the runtime judges the filled URL before each request instead.
 *
 * It is the node's `policy` (the validator's), not part of its config schema: a restore reads
 * stored definitions by shape, so state saved before this rule still loads.
 */
import { checkWebhookUrl } from '../webhooks/url-rule.js';
import type { PolicyIssue } from './kind-types.js';

/** Headers the HTTP client writes itself: a flow setting them could re-route or split the request. */
export const CLIENT_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection'] as const;

/** Why the URL may not be called, or null when it may (`must not carry credentials.`). */
export function httpTargetProblem(url: string): string | null {
  const verdict = checkWebhookUrl(url, false, { plainHttp: true, localHint: false });
  return verdict.ok ? null : verdict.reason.replace(/^url /, '');
}

/** Whether the URL's scheme or authority holds a {placeholder}: then only the filled URL can be judged. */
export function targetHasPlaceholder(url: string): boolean {
  const authority = /^[^/]*\/\/[^/?#]*/.exec(url)?.[0] ?? url;
  return authority.includes('{');
}

/** The header names among `names` the flow may not set (lower-cased comparison). */
export function clientHeadersIn(names: readonly string[]): string[] {
  return names.filter((name) => (CLIENT_HEADERS as readonly string[]).includes(name.toLowerCase()));
}

/** The http_request node's policy (validator only): the URL rule, and no client-written header. */
export function httpRequestPolicy(config: { readonly url: string; readonly headers: Readonly<Record<string, string>> }): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  const problem = targetHasPlaceholder(config.url) ? null : httpTargetProblem(config.url);
  if (problem !== null) issues.push({ key: 'url', message: problem });
  for (const name of clientHeadersIn(Object.keys(config.headers))) {
    issues.push({ key: `headers.${name}`, message: `must not set ${name}: the HTTP client writes it (${CLIENT_HEADERS.join(', ')})` });
  }
  return issues;
}
