/**
 * The sandbox control plane, mounted at `/_sandbox`: what the real service cannot give a
 * developer. Reset, snapshot and restore, the virtual clock, the event journal and fault
 * switches. Guarded by an account key with the admin scope or above (docs/decisions.md).
 * Requests here are not rate limited and take no Idempotency-Key.
 */
import { z } from 'zod';
import { parseTimestamp } from '../core/clock.js';
import { ApiError } from '../core/errors.js';
import { presentEvent } from '../core/events.js';
import { MUTANTS } from '../core/mutants.js';
import { ok } from '../core/route.js';
import { defineRoute, type AppRoute } from '../resources/app.js';
import {
  AdvanceBody,
  ClockState,
  Done,
  EventsQuery,
  FreezeBody,
  MutantsBody,
  PublicEventSchema,
  SetClockBody,
  RestoreBody,
  Snapshot,
} from './schemas.js';

const tag = 'Sandbox control';
const base = { tag, section: 'sandbox', scope: 'admin', scopeSource: 'assumption' } as const;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(text: string): number {
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)(ms|s|m|h|d)/g)) total += Number(amount) * UNIT_MS[unit!]!;
  return total;
}

function timestampMs(value: string, param: string): number {
  const ms = parseTimestamp(value);
  if (ms === null) throw new ApiError('invalid_param', `${param} is not a valid timestamp.`, { param });
  return ms;
}

export const controlRoutes: AppRoute[] = [
  defineRoute({
    ...base,
    operationId: 'sandboxReset',
    method: 'POST',
    path: '/reset',
    summary: 'Reset every account to the seed the simulator started with',
    success: { statuses: [200], schema: Done, envelope: 'data' },
    handler: ({ app }) => {
      app.sandbox.reset();
      return ok({ ok: true });
    },
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxSnapshot',
    method: 'GET',
    path: '/snapshot',
    summary: 'The whole simulator state as JSON (restore it later with POST /_sandbox/restore)',
    success: { statuses: [200], schema: Snapshot, envelope: 'data' },
    handler: ({ app }) => ok(app.sandbox.snapshot()),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxRestore',
    method: 'POST',
    path: '/restore',
    summary: 'Replace the whole simulator state with a snapshot',
    body: RestoreBody,
    bodyRequired: true,
    success: { statuses: [200], schema: Done, envelope: 'data' },
    handler: ({ app, body }) => {
      // The schema cannot know which collections exist; the store refuses an unknown one with a
      // plain Error, which would read as a 500. It is the caller's mistake: a 400 naming it.
      const known = new Set(app.store.collectionNames());
      const unknown = Object.keys(body.store.collections).find((name) => !known.has(name));
      if (unknown !== undefined) {
        throw new ApiError('invalid_param', `The snapshot holds an unknown collection: ${unknown}.`, {
          param: `store.collections.${unknown}`,
        });
      }
      app.sandbox.restore(body);
      return ok({ ok: true });
    },
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxGetClock',
    method: 'GET',
    path: '/clock',
    summary: 'The virtual clock',
    success: { statuses: [200], schema: ClockState, envelope: 'data' },
    handler: ({ app }) => ok(app.clock.state()),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxFreezeClock',
    method: 'POST',
    path: '/clock/freeze',
    summary: 'Stop the clock (at `at`, or now)',
    body: FreezeBody,
    success: { statuses: [200], schema: ClockState, envelope: 'data' },
    handler: ({ app, body }) => {
      app.clock.freeze(body.at === undefined ? undefined : timestampMs(body.at, 'at'));
      return ok(app.clock.state());
    },
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxUnfreezeClock',
    method: 'POST',
    path: '/clock/unfreeze',
    summary: 'Let the clock run in real time again from its current instant',
    body: z.strictObject({}),
    success: { statuses: [200], schema: ClockState, envelope: 'data' },
    handler: ({ app }) => {
      app.clock.unfreeze();
      return ok(app.clock.state());
    },
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxAdvanceClock',
    method: 'POST',
    path: '/clock/advance',
    summary: 'Move the clock forward; work that falls due (retries, expiries) runs',
    body: AdvanceBody,
    bodyRequired: true,
    success: { statuses: [200], schema: ClockState, envelope: 'data' },
    handler: ({ app, body }) => {
      app.clock.advance(body.ms ?? parseDuration(body.duration ?? '0ms'));
      return ok(app.clock.state());
    },
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxSetClock',
    method: 'POST',
    path: '/clock/set',
    summary: 'Set the clock to an instant (moving back in time clears rate windows)',
    body: SetClockBody,
    bodyRequired: true,
    success: { statuses: [200], schema: ClockState, envelope: 'data' },
    handler: ({ app, body }) => {
      app.clock.set(timestampMs(body.now, 'now'));
      return ok(app.clock.state());
    },
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxListEvents',
    method: 'GET',
    path: '/events',
    summary: "The caller's account event journal, oldest first (`after` an event id)",
    scope: 'read',
    query: EventsQuery,
    success: { statuses: [200], schema: z.array(PublicEventSchema), envelope: 'data' },
    handler: ({ app, caller, query }) => {
      const after = query.after === undefined ? undefined : Number(query.after.replace(/^evt_/, ''));
      const options = { after, limit: query.limit ?? 100, type: query.type };
      return ok(app.events.list(caller.accountId, options).map(presentEvent));
    },
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxGetMutants',
    method: 'GET',
    path: '/mutants',
    summary: 'Active fault-injection mutants and the catalogue of available ones',
    success: {
      statuses: [200],
      schema: z.object({ active: z.array(z.string()), available: z.record(z.string(), z.string()) }),
      envelope: 'data',
    },
    handler: ({ app }) => ok({ active: app.mutants.list(), available: MUTANTS }),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxSetMutants',
    method: 'POST',
    path: '/mutants',
    summary: 'Switch on exactly these mutants (an empty list switches all off)',
    body: MutantsBody,
    bodyRequired: true,
    success: {
      statuses: [200],
      schema: z.object({ active: z.array(z.string()), available: z.record(z.string(), z.string()) }),
      envelope: 'data',
    },
    handler: ({ app, body }) => {
      app.mutants.set(body.names);
      return ok({ active: app.mutants.list(), available: MUTANTS });
    },
  }),
];
