/** Core services for a test that builds groups without a whole simulator. */
import { VirtualClock } from '../../src/core/clock.js';
import { EventJournal, eventIndexes, eventRules, type EventRecord } from '../../src/core/events.js';
import { silentLogger } from '../../src/core/logger.js';
import { Scheduler } from '../../src/core/scheduler.js';
import { createLifecycle, type CoreServices } from '../../src/groups/services.js';
import { createFetchTransport } from '../../src/resources/webhooks/transport.js';
import { Store } from '../../src/store/store.js';

/** Bare core services whose journal knows `eventNames`; the clock is the one given (or a real one). */
export function testCoreServices(eventNames: Iterable<string>, clock: VirtualClock = new VirtualClock()): CoreServices {
  const store = new Store();
  return {
    store,
    clock,
    scheduler: new Scheduler(clock, () => {}),
    events: new EventJournal(store, store.define<EventRecord>('events', eventIndexes, eventRules), clock, new Set(eventNames)),
    logger: silentLogger,
    lifecycle: createLifecycle(),
    settings: { allowLocalWebhooks: false, webhookTransport: createFetchTransport(), publicOrigin: 'http://127.0.0.1:4010' },
  };
}
