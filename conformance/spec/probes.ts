/**
 * The request the scope matrix sends to a route. A key that lacks the scope gets a request the
 * route would otherwise accept (a valid create body, an id the kit owns), so a 403 can only come
 * from the scope check; if a broken server accepts it anyway, the ledger sweeps what it made. A key
 * that has the scope gets a request that changes nothing (an empty body, the absent id 0), since
 * any answer but 401/403 `insufficient_scope` shows the scope was accepted.
 */
import type { SendOptions } from '../http/client.js';
import { ABSENT_ID } from '../safety/guard.js';
import type { Ledger } from '../safety/ledger.js';
import type { RouteSpec } from './routes.js';

export type Side = 'allowed' | 'denied';

/** Valid bodies for the creates the kit knows how to undo (safety/creations.ts). */
function createBody(path: string, name: (hint: string) => string): unknown {
  switch (path) {
    case '/api-keys':
      return { name: name('scope probe'), scope: 'read' };
    case '/tags':
      return { name: name('scope') };
    case '/contacts': {
      const id = name('scope');
      return { channel: 'telegram', platform_user_id: id, name: id };
    }
    case '/custom-fields':
      return { field_key: name('scope'), label: 'Scope probe', type: 'text' };
    case '/webhooks/endpoints':
      return { name: name('scope'), url: 'https://hooks.switchboard.invalid/switchboard-conformance' };
    default:
      return {};
  }
}

/**
 * `spare` excludes ids the run still needs (the minted keys it authenticates with), so a broken
 * server that lets a denied DELETE through cannot cut the run's own legs off.
 */
export function probeRequest(
  route: RouteSpec,
  side: Side,
  ledger: Ledger,
  name: (hint: string) => string,
  spare: ReadonlySet<number> = new Set(),
): SendOptions {
  const owned = route.kind ? ledger.ofKind(route.kind, 'a').find((entry) => !spare.has(entry.id))?.id : undefined;
  const id = side === 'denied' && owned !== undefined ? owned : ABSENT_ID;
  const path = route.path
    .replace('{id}', String(id))
    .replace('{channel}', 'sms')
    .replace(/\{\w+\}/g, String(ABSENT_ID));
  if (route.method === 'GET') return { method: 'GET', path, ...(route.paginated ? { query: { limit: 1 } } : {}) };
  if (route.method === 'DELETE') return { method: 'DELETE', path };
  const creates = !route.path.includes('{') && route.method === 'POST';
  const body = side === 'denied' && creates ? createBody(route.path, name) : {};
  // An empty PATCH changes nothing even when accepted.
  return { method: route.method, path, body, harmless: route.method === 'PATCH' };
}
