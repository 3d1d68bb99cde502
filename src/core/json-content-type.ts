/**
 * The one `Content-Type` of every JSON answer, in every runtime (node:http, MSW, `sim.fetch`,
 * `sim.request`), errors included: what `serve` has always sent, so a suite asserting it passes
 * against any of them (audit 13c, C2).
 */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
