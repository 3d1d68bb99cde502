/**
 * The route tables of a registry, unbound, for what reads them without serving them: the
 * OpenAPI documents, the fuzz and parity tests, tooling.
 */
import type { AnyRoute } from '../core/route.js';
import { powerRoute, powersOf } from '../control/power.js';
import { apiRoutesOf, powersOfGroups, publicRoutesOf } from '../groups/compose.js';
import type { AnyGroup } from '../groups/define.js';
import { registry } from '../resources/index.js';
import { simulatorPowers } from './powers.js';

/** Every API route of the groups. */
export function apiRouteTable(groups: readonly AnyGroup[] = registry): AnyRoute<never>[] {
  return apiRoutesOf(groups);
}

/** Every `/_sandbox` route: the simulator's own powers, then each group's. */
export function controlRouteTable(groups: readonly AnyGroup[] = registry): AnyRoute<never>[] {
  return [...powersOf(simulatorPowers), ...powersOfGroups(groups)].map(({ power }) => powerRoute(power));
}

/** Every public route (files served without a key under `/_media`). */
export function publicRouteTable(groups: readonly AnyGroup[] = registry): AnyRoute<never>[] {
  return publicRoutesOf(groups);
}
