/**
 * The request the scope matrix sends to a route. A key that lacks the scope gets a request the
 * route would otherwise accept (a valid create body, an id the kit owns), so a 403 can only come
 * from the scope check; if a broken server accepts it anyway, the ledger sweeps what it made. A key
 * that has the scope gets a request that changes nothing (an empty body, the absent id 0), since
 * any answer but 401/403 `insufficient_scope` shows the scope was accepted.
 */
import type { SendOptions } from '../http/client.js';
import type { Ledger } from '../safety/ledger.js';
import type { RouteSpec } from './routes.js';
export type Side = 'allowed' | 'denied';
/**
 * `spare` excludes ids the run still needs (the minted keys it authenticates with), so a broken
 * server that lets a denied DELETE through cannot cut the run's own legs off.
 */
export declare function probeRequest(route: RouteSpec, side: Side, ledger: Ledger, name: (hint: string) => string, spare?: ReadonlySet<number>): SendOptions;
