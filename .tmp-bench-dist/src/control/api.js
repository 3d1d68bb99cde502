/**
 * The sandbox control plane as a JS API (`sim.sandbox`), for in-process tests that would rather
 * call a function than POST to `/_sandbox/...`. Each method does what the matching control route
 * does. Groups that add sandbox powers add their functions here.
 */
import { presentEvent } from '../core/events.js';
import { parseDuration } from './routes.js';
import { webhookSandboxApi } from './webhook-api.js';
import { messagingSandboxApi } from './inbound-routes.js';
export function createSandboxApi(app) {
    return {
        clock: {
            now: () => app.clock.iso(),
            freeze: (at) => app.clock.freeze(at),
            unfreeze: () => app.clock.unfreeze(),
            /** Milliseconds, or a duration like `90s`, `15m`, `2h`, `7d`. */
            advance: (by) => app.clock.advance(typeof by === 'number' ? by : parseDuration(by)),
            set: (at) => app.clock.set(at),
        },
        /** One account's event journal, oldest first. */
        events: (accountId, options = {}) => app.events.list(accountId, options).map(presentEvent),
        setMutants: (names) => app.mutants.set(names),
        /** Appends a catalogued event to an account's journal (webhooks deliver it), like POST /_sandbox/events. */
        emitEvent: (accountId, type, data = {}) => presentEvent(app.store.transaction(() => app.events.emit(accountId, type, data))),
        webhooks: webhookSandboxApi(app),
        /** The customer's side: inbound messages, opt-outs, channel state, send failures, seeded threads. */
        ...messagingSandboxApi(app),
    };
}
//# sourceMappingURL=api.js.map