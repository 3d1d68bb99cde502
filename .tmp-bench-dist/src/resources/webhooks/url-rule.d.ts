/**
 * The webhook URL rule (4.1: "https on a public host"). A delivery is a request the service makes
 * on a customer's behalf, so a URL that reaches the service's own network (loopback, private,
 * link-local, metadata addresses, internal names) is refused, as is anything but https.
 *
 * The check reads the URL as written; it does not resolve DNS (the neutral core has no resolver).
 * `allowLocal` (serve --allow-local-webhooks) lets http or https reach loopback hosts only, for a
 * receiver on the developer's machine.
 */
export type UrlVerdict = {
    ok: true;
    url: string;
} | {
    ok: false;
    reason: string;
};
export declare function checkWebhookUrl(raw: string, allowLocal: boolean): UrlVerdict;
