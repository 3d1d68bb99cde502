/**
 * The simulator's own sandbox powers, beside the groups' ones: reset, snapshot and restore, the
 * virtual clock, the account event journal, and fault injection. Like every power, each is one
 * definition served as a `/_sandbox` route and a `sim.sandbox` function.
 */
import { z } from 'zod';
import { clockCanHold, parseTimestamp } from '../core/clock.js';
import { parseDuration } from '../core/duration.js';
import { invalidParam } from '../core/errors.js';
import { EVENT_DATA_BOUNDS, jsonOverBounds } from '../core/json-bounds.js';
import { presentEvent, type PublicEvent } from '../core/events.js';
import { powersFor } from '../control/power.js';
import { SnapshotError } from '../store/rules.js';
import { readSnapshotChunks, STREAMED_RESTORE_MAX_BYTES } from './snapshot-stream.js';
import {
  AdvanceBody,
  ClockState,
  Done,
  EmitEventBody,
  EventsQuery,
  FreezeBody,
  MutantsBody,
  MutantsState,
  PublicEventSchema,
  RateLimitState,
  RestoreBody,
  ServerErrorsBody,
  ServerErrorsState,
  SetClockBody,
  Snapshot,
} from '../control/schemas.js';
import { EmptyBody } from '../resources/shared/schemas.js';
import { snapshotResponseBody, type SnapshotBody } from './snapshot-stream.js';
import type { SandboxControl, SimulatorSnapshot } from './types.js';


const power = powersFor<SandboxControl>();

function timestampMs(value: string, param: string): number {
  const ms = parseTimestamp(value);
  if (ms === null) throw invalidParam(param, `${param} is not a valid timestamp.`);
  return ms;
}

/** Refuses, before anything moves, an instant the clock cannot hold (timestamps are 1970 to 9999). */
function reachable(ms: number, param: string): number {
  if (!clockCanHold(ms)) {
    throw invalidParam(param, 'The clock holds instants from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z; this would leave that range.');
  }
  return ms;
}

export const simulatorPowers = {
  reset: power.operator({
    operationId: 'sandboxReset',
    method: 'POST',
    path: '/reset',
    summary: 'Reset every account to the seed the simulator started with',
    output: Done,
    run: (_call, control) => {
      control.reset();
      return { ok: true as const };
    },
    fn: (invoke) => (): void => {
      invoke({});
    },
  }),
  snapshot: power.operator({
    operationId: 'sandboxSnapshot',
    method: 'GET',
    path: '/snapshot',
    summary: 'The whole simulator state as JSON (restore it later with POST /_sandbox/restore)',
    description:
      'Streamed: the JSON is written record by record as the client reads it, so its size is bounded by the disk, not by the length of one string. It holds the state of the instant the request was answered.',
    output: Snapshot,
    // The route streams the state as it is now; `sim.sandbox.snapshot()` takes the value itself.
    run: (_call, control) => snapshotResponseBody(control.snapshot()),
    fn: (invoke) => (): SimulatorSnapshot => (invoke({}) as SnapshotBody).value,
  }),
  restore: power.operator({
    operationId: 'sandboxRestore',
    method: 'POST',
    path: '/restore',
    summary: 'Replace the whole simulator state with a snapshot',
    description:
      'Takes what GET /_sandbox/snapshot gave, up to 1 GiB, read as it streams in (never held as one string): a snapshot is as big as the state it holds, so the 1 MiB limit of ordinary requests does not apply here. A snapshot that is not JSON, is cut short or breaks an invariant is 400 naming where, and changes nothing.',
    input: RestoreBody,
    inputRequired: true,
    maxBodyBytes: STREAMED_RESTORE_MAX_BYTES,
    // Parsed record by record as the bytes arrive (simulator/snapshot-stream.ts); the outline is
    // then checked by RestoreBody and every record by the store's restore, before anything moves.
    streamedInput: async (body) => {
      try {
        return await readSnapshotChunks(body.chunks(), body.maxBytes);
      } catch (error) {
        if (error instanceof SnapshotError) throw invalidParam(error.path, `The snapshot cannot be restored: ${error.message}`);
        throw error;
      }
    },
    output: Done,
    run: ({ input }, control) => {
      // Every invariant is checked before anything is replaced (store/rules.ts): all or nothing.
      try {
        control.restore(input as SimulatorSnapshot);
      } catch (error) {
        if (error instanceof SnapshotError) throw invalidParam(error.path, `The snapshot cannot be restored: ${error.message}`);
        throw error;
      }
      return { ok: true as const };
    },
    fn: (invoke) => (snapshot: SimulatorSnapshot): void => {
      invoke({ input: snapshot });
    },
  }),
  clock: {
    now: power.operator({
      operationId: 'sandboxGetClock',
      method: 'GET',
      path: '/clock',
      summary: 'The virtual clock',
      output: ClockState,
      run: (_call, control) => control.clock.state(),
      fn: (invoke) => (): string => invoke({}).now,
    }),
    freeze: power.operator({
      operationId: 'sandboxFreezeClock',
      method: 'POST',
      path: '/clock/freeze',
      summary: 'Stop the clock (at `at` or `ms`, or now)',
      input: FreezeBody,
      output: ClockState,
      run: ({ input }, control) => {
        const at = input.ms !== undefined ? reachable(input.ms, 'ms') : input.at === undefined ? undefined : reachable(timestampMs(input.at, 'at'), 'at');
        control.clock.freeze(at);
        return control.clock.state();
      },
      fn: (invoke) => (at?: number): void => {
        invoke({ input: at === undefined ? {} : { ms: at } });
      },
    }),
    unfreeze: power.operator({
      operationId: 'sandboxUnfreezeClock',
      method: 'POST',
      path: '/clock/unfreeze',
      summary: 'Let the clock run in real time again from its current instant',
      input: EmptyBody,
      output: ClockState,
      run: (_call, control) => {
        control.clock.unfreeze();
        return control.clock.state();
      },
      fn: (invoke) => (): void => {
        invoke({});
      },
    }),
    advance: power.operator({
      operationId: 'sandboxAdvanceClock',
      method: 'POST',
      path: '/clock/advance',
      summary: 'Move the clock forward; work that falls due (retries, expiries) runs',
      input: AdvanceBody,
      inputRequired: true,
      output: ClockState,
      run: ({ input }, control) => {
        const by = input.ms ?? parseDuration(input.duration ?? '0ms');
        reachable(control.clock.now() + by, input.ms !== undefined ? 'ms' : 'duration');
        control.clock.advance(by);
        return control.clock.state();
      },
      /** Milliseconds, or a duration like `90s`, `15m`, `2h`, `7d`. */
      fn: (invoke) => (by: number | string): void => {
        invoke({ input: typeof by === 'number' ? { ms: by } : { duration: by } });
      },
    }),
    set: power.operator({
      operationId: 'sandboxSetClock',
      method: 'POST',
      path: '/clock/set',
      summary: 'Set the clock to an instant (moving back in time clears rate windows)',
      input: SetClockBody,
      inputRequired: true,
      output: ClockState,
      run: ({ input }, control) => {
        control.clock.set(input.ms !== undefined ? reachable(input.ms, 'ms') : reachable(timestampMs(input.now!, 'now'), 'now'));
        return control.clock.state();
      },
      fn: (invoke) => (at: number): void => {
        invoke({ input: { ms: at } });
      },
    }),
  },
  events: power.account({
    operationId: 'sandboxListEvents',
    method: 'GET',
    scope: 'read',
    path: '/events',
    summary: "The caller's account event journal, oldest first (`after` an event id)",
    input: EventsQuery,
    output: z.array(PublicEventSchema),
    run: ({ accountId, input }, control): PublicEvent[] => {
      const after = input.after === undefined ? undefined : Number(input.after.replace(/^evt_/, ''));
      return control.events.list(accountId, { after, limit: input.limit ?? 100, type: input.type }).map(presentEvent);
    },
    /** One account's event journal, oldest first. */
    fn: (invoke) => (accountId: number, options: { after?: number; type?: string; limit?: number } = {}): PublicEvent[] =>
      invoke({
        accountId,
        input: {
          ...(options.after !== undefined ? { after: String(options.after) } : {}),
          ...(options.type !== undefined ? { type: options.type } : {}),
          ...(options.limit !== undefined ? { limit: String(options.limit) } : {}),
        },
      }),
  }),
  emitEvent: power.account({
    operationId: 'sandboxEmitEvent',
    method: 'POST',
    path: '/events',
    summary: "Append a catalogued event to the caller's journal; webhooks deliver it like any other",
    input: EmitEventBody,
    inputRequired: true,
    output: PublicEventSchema,
    status: 201,
    run: ({ accountId, input }, control) => {
      if (!control.events.isCatalogued(input.type)) {
        throw invalidParam('type', `Unknown event name ${JSON.stringify(input.type)} (see x-webhook-events).`);
      }
      const over = jsonOverBounds(input.data ?? {}, EVENT_DATA_BOUNDS);
      if (over !== null) throw invalidParam('data', `The event data is ${over}; webhooks could not deliver it.`);
      return presentEvent(control.events.emit(accountId, input.type, input.data ?? {}));
    },
    /** Appends a catalogued event to an account's journal (webhooks deliver it). */
    fn: (invoke) => (accountId: number, type: string, data: Record<string, unknown> = {}): PublicEvent =>
      invoke({ accountId, input: { type, data } }),
  }),
  rateLimit: power.operator({
    operationId: 'sandboxGetRateLimit',
    method: 'GET',
    path: '/rate-limit',
    summary: 'The REST limits the sandbox enforces (section 8), or enabled false when rate limiting is off',
    output: RateLimitState,
    run: (_call, control) => {
      const config = control.rateLimit();
      return config === 'off'
        ? { enabled: false, per_minute: null, per_second: null }
        : { enabled: true, per_minute: config.perMinute, per_second: config.perSecond };
    },
  }),
  serverErrors: power.account({
    operationId: 'sandboxArmServerErrors',
    method: 'POST',
    path: '/server-errors',
    summary: 'The next N API requests of the account answer 500 server_error, nothing applied (0 disarms)',
    description:
      'Each armed request is authenticated, rate-counted and takes its Idempotency-Key, then fails where its route would run: nothing changes, and a retry with the same key runs fresh (a 5xx is never replayed). Control-plane requests are not counted. A reset disarms.',
    input: ServerErrorsBody,
    inputRequired: true,
    output: ServerErrorsState,
    run: ({ accountId, input }, control) => ({ next: control.serverFaults.arm(accountId, input.next) }),
  }),
  mutants: power.operator({
    operationId: 'sandboxGetMutants',
    method: 'GET',
    path: '/mutants',
    summary: 'Active fault-injection mutants and the catalogue of available ones',
    output: MutantsState,
    run: (_call, control) => ({ active: control.mutants.list(), available: control.mutants.catalogue() }),
  }),
  setMutants: power.operator({
    operationId: 'sandboxSetMutants',
    method: 'POST',
    path: '/mutants',
    summary: 'Switch on exactly these mutants (an empty list switches all off)',
    input: MutantsBody,
    inputRequired: true,
    output: MutantsState,
    run: ({ input }, control) => {
      input.names.forEach((name, index) => {
        if (!control.mutants.isKnown(name)) throw invalidParam(`names.${index}`, `Unknown mutant ${JSON.stringify(name)}: GET /_sandbox/mutants lists them.`);
      });
      control.mutants.set(input.names);
      return { active: control.mutants.list(), available: control.mutants.catalogue() };
    },
    fn: (invoke) => (names: readonly string[]): void => {
      invoke({ input: { names } });
    },
  }),
};
