/**
 * What the simulator gives every group: the store, the virtual clock and its scheduler, the
 * event journal, a logger, the simulator's settings, and its lifecycle. Groups reach each other
 * only through the models of the groups they declare as needs, never through these.
 */
import type { VirtualClock } from '../core/clock.js';
import type { EventJournal } from '../core/events.js';
import { Hook } from '../core/hooks.js';
import type { Logger } from '../core/logger.js';
import type { Scheduler } from '../core/scheduler.js';
import type { Store } from '../store/store.js';
import type { LoopbackAllowance } from '../resources/webhooks/egress.js';
import type { WebhookTransport } from '../resources/webhooks/transport.js';

export interface SimulatorSettings {
  /** Loopback webhook receivers allowed: none, any port, or these ports (http or https). */
  readonly allowLocalWebhooks: LoopbackAllowance;
  /** How webhook deliveries leave the simulator. */
  readonly webhookTransport: WebhookTransport;
}

/**
 * Moments of the whole simulator a group may need to act on: state was replaced wholesale
 * (reset, restore: in-flight work from before must be forgotten), the simulator started serving,
 * and it is closing (timers and subscriptions stop).
 */
export interface Lifecycle {
  readonly started: Hook<[]>;
  readonly restored: Hook<[]>;
  readonly closing: Hook<[]>;
}

export function createLifecycle(): Lifecycle {
  return { started: new Hook(), restored: new Hook(), closing: new Hook() };
}

export interface CoreServices {
  readonly store: Store;
  readonly clock: VirtualClock;
  readonly scheduler: Scheduler;
  readonly events: EventJournal;
  readonly logger: Logger;
  readonly settings: SimulatorSettings;
  readonly lifecycle: Lifecycle;
}
