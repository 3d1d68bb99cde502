/**
 * The sandbox control plane as a JS API (`sim.sandbox`), for in-process tests that would rather
 * call a function than POST to `/_sandbox/...`. Each method does what the matching control route
 * does. Groups that add sandbox powers add their functions here.
 */
import { presentEvent, type PublicEvent } from '../core/events.js';
import type { MutantName } from '../core/mutants.js';
import type { App } from '../resources/app.js';
import { parseDuration } from './routes.js';
import { webhookSandboxApi } from './webhook-api.js';
import { messagingSandboxApi } from './inbound-api.js';

export function createSandboxApi(app: App) {
  return {
    clock: {
      now: (): string => app.clock.iso(),
      freeze: (at?: number): void => app.clock.freeze(at),
      unfreeze: (): void => app.clock.unfreeze(),
      /** Milliseconds, or a duration like `90s`, `15m`, `2h`, `7d`. */
      advance: (by: number | string): void => app.clock.advance(typeof by === 'number' ? by : parseDuration(by)),
      set: (at: number): void => app.clock.set(at),
    },
    /** One account's event journal, oldest first. */
    events: (accountId: number, options: { after?: number; type?: string; limit?: number } = {}): PublicEvent[] =>
      app.events.list(accountId, options).map(presentEvent),
    setMutants: (names: readonly MutantName[]): void => app.mutants.set(names),
    /** Appends a catalogued event to an account's journal (webhooks deliver it), like POST /_sandbox/events. */
    emitEvent: (accountId: number, type: string, data: Record<string, unknown> = {}): PublicEvent =>
      presentEvent(app.store.transaction(() => app.events.emit(accountId, type, data))),
    webhooks: webhookSandboxApi(app),
    /** The customer's side: inbound messages, opt-outs, channel state, send failures, seeded threads. */
    ...messagingSandboxApi(app),
  };
}

export type SandboxApi = ReturnType<typeof createSandboxApi>;
