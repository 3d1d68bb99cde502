/**
 * The TUI knows no route by name: explore, the console and the sandbox panel read the target's
 * OpenAPI documents. These tests hold that against the registry itself, so a group added later
 * (flows, and whatever lands next) shows up on screen with no change to the TUI, or fails here.
 */
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../../src/simulator.js';
import { silentLogger } from '../../../src/core/logger.js';
import { apiRouteTable, controlRouteTable } from '../../../src/simulator/tables.js';
import { findRoute, pathParams, routesOf, skeleton, type OpenApiLike } from './openapi.js';
import { BodyValidator } from './validate.js';
import { powersOf } from '../screens/Sandbox.js';

const sim = createSimulator({ logger: silentLogger });
const key = (route: { method: string; path: string }): string => `${route.method.toUpperCase()} ${route.path}`;
/** A concrete path for a template: each parameter a number, as a person would type an id. */
const concrete = (path: string): string => pathParams(path).reduce((out, name, index) => out.replace(`{${name}}`, String(41 + index)), path);

describe.each([
  { plane: 'API', document: sim.openapi() as unknown as OpenApiLike, table: apiRouteTable() },
  { plane: 'control plane', document: sim.controlOpenapi() as unknown as OpenApiLike, table: controlRouteTable() },
])('every route of the $plane registry', ({ plane, document, table }) => {
  const routes = routesOf(document);
  const validator = new BodyValidator(document);

  it('is listed by explore with a tag and a summary (the registry and the screen agree)', () => {
    expect(routes.map(key).sort()).toEqual(table.map(key).sort());
    for (const route of routes) {
      expect(route.tag, key(route)).not.toBe('');
      expect(route.summary, key(route)).not.toBe('');
      if (plane === 'API') expect(route.scope, key(route)).toBeDefined();
    }
  });

  it('is found by the console from a typed path, and its body starts from the schema and checks against it', () => {
    for (const route of routes) {
      const typed = concrete(route.path);
      const found = findRoute(routes, route.method, typed);
      // A static segment wins over a parameter (/flows/validate over /flows/{id}); a typed number never collides.
      expect(found && key(found), `${route.method} ${typed}`).toBe(key(route));
      if (route.bodySchema === undefined) continue;
      const start = JSON.stringify(skeleton(document, route.bodySchema));
      expect(() => validator.check(start, route.bodySchema, route.bodyRequired), key(route)).not.toThrow();
    }
  });
});

it('every featured sandbox power is a route of the control plane\'s document', () => {
  const document = sim.controlOpenapi() as unknown as OpenApiLike;
  const routes = routesOf(document);
  const powers = powersOf(document, routes);
  for (const power of powers) expect(findRoute(routes, power.method, power.path), `${power.method} ${power.path}`).toBeDefined();
  expect(powers.length).toBeGreaterThan(routes.length);
});
