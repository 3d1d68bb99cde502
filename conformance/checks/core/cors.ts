/**
 * Cross-origin access is disabled (sections 1 and 5, item 6): the API is for backends, so no
 * answer may let a browser page of another origin read it. What grants access is CORS: an
 * `Access-Control-Allow-Origin` naming the page's origin or `*`. The kit sends a request as a
 * browser on another origin would (with `Origin`), and the preflight a browser sends before a
 * cross-origin POST with a key header, and requires that neither is granted. Any status is fine
 * (the simulator answers the preflight 405): only a grant departs from the rule.
 */
import type { KitResponse } from '../../http/client.js';
import type { CheckDefinition } from '../../runner/check.js';
import { fail } from '../../runner/expect.js';
import { costOf } from '../helpers.js';

/** A reserved name: never resolved, only sent as a header. */
const BROWSER_ORIGIN = 'https://switchboard-conformance.invalid';

function grant(response: KitResponse): string | undefined {
  const allowed = response.headers.get('access-control-allow-origin');
  if (allowed === null) return undefined;
  const value = allowed.trim();
  if (value === '*' || value.toLowerCase() === BROWSER_ORIGIN) return `Access-Control-Allow-Origin: ${value}`;
  return undefined;
}

export const corsChecks: CheckDefinition[] = [
  {
    id: 'cors.no-grant',
    title: 'A request from a browser origin is not granted cross-origin access',
    clause: '5.6',
    level: 'spec',
    group: 'core',
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/account', headers: { Origin: BROWSER_ORIGIN } });
      const granted = grant(response);
      if (granted) fail(`GET /account from origin ${BROWSER_ORIGIN} answered ${granted}: cross-origin access is disabled (sections 1 and 5)`, response);
    },
  },
  {
    id: 'cors.preflight-refused',
    title: 'A CORS preflight for a cross-origin POST with a key header is not granted',
    clause: '5.6',
    level: 'spec',
    group: 'core',
    // OPTIONS changes nothing, but it is not a GET: read-only runs send GETs only.
    profile: 'safe',
    routes: ['POST /contacts'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({
        method: 'OPTIONS',
        path: '/contacts',
        key: null,
        harmless: true,
        headers: { Origin: BROWSER_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-service-api-key, content-type' },
      });
      const granted = grant(response);
      if (granted) fail(`the preflight OPTIONS /contacts from origin ${BROWSER_ORIGIN} answered ${granted}: cross-origin access is disabled (sections 1 and 5)`, response);
    },
  },
];
