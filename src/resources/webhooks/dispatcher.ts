/**
 * Delivery, driven by the event journal. Each committed event becomes one pending delivery per
 * matching enabled endpoint of the same account; each endpoint then works its queue strictly in
 * order (per-endpoint FIFO): one attempt in flight, and a retrying delivery is never overtaken.
 *
 * Everything here is asynchronous after the request that emitted the event has committed, so a
 * receiver that hangs, resets or answers with a huge body costs its own endpoint one bounded
 * attempt (timeout_ms, capped read) and never the simulator's request handling.
 *
 * Retries wait on the virtual clock (app.scheduler): advancing the clock runs the due ones; in
 * real-clock mode real timers do. Pausing an endpoint stops new events from being queued for it;
 * what is already queued waits (no attempt, no attempt used up) and goes out on re-enable.
 */
import { ApiError, notFound } from '../../core/errors.js';
import { presentEvent, type EventRecord } from '../../core/events.js';
import type { CoreServices } from '../../groups/services.js';
import type { AttemptRecord, DeliveryLog, DeliveryRecord } from './deliveries.js';
import { retryDelayMs } from './limits.js';
import type { WebhookEndpointModel, WebhookEndpointRecord } from './endpoints.js';
import { applyProfile } from './profile.js';
import type { WebhookTestResultData } from './schemas.js';
import { createSender, type Outcome } from './sender.js';
import type { WebhookTransport } from './transport.js';

export const TEST_EVENT_TYPE = 'webhook.test';

export function createDispatcher(core: CoreServices, model: () => WebhookEndpointModel, log: DeliveryLog) {
  const { store, clock, scheduler, events, logger } = core;
  let transport: WebhookTransport | null = null;
  let unsubscribe: (() => void) | null = null;
  /** Bumped by resume/stop: results of attempts from before a reset or restore are dropped. */
  let generation = 0;
  const inFlight = new Map<number, Promise<void>>();
  const oneShots = new Set<Promise<unknown>>();
  const timers = new Map<number, { at: number; cancel: () => void }>();
  /** A queue whose last failure could not even be recorded waits until then (never a hot loop). */
  const notBefore = new Map<number, number>();
  const { send, envelopeBody, missingEvent, failed } = createSender(clock, model, () => transport, (type) => events.textFieldsOf(type));

  function onEvent(event: EventRecord): void {
    // Most accounts have no endpoint: no list is built for each of their events.
    if (model().count(event.account_id) === 0) return;
    const targets = model()
      .list(event.account_id)
      .filter((endpoint) => endpoint.enabled && (endpoint.events.length === 0 || endpoint.events.includes(event.type)));
    if (targets.length === 0) return;
    store.transaction(() => {
      for (const endpoint of targets) {
        log.enqueue({
          accountId: event.account_id,
          endpointId: endpoint.id,
          eventId: event.id,
          webhookId: presentEvent(event).id,
          eventType: event.type,
          kind: 'event',
        });
      }
    });
    for (const endpoint of targets) pump(endpoint.id);
  }

  function cancelTimer(endpointId: number): void {
    timers.get(endpointId)?.cancel();
    timers.delete(endpointId);
  }

  function armTimer(endpointId: number, at: number): void {
    const existing = timers.get(endpointId);
    if (existing?.at === at) return;
    existing?.cancel();
    const cancel = scheduler.at(at, () => {
      timers.delete(endpointId);
      pump(endpointId);
    });
    timers.set(endpointId, { at, cancel });
  }

  /** Moves one endpoint's queue: starts the head's attempt when it is due, else waits for it. */
  function pump(endpointId: number): void {
    if (!transport || inFlight.has(endpointId)) return;
    const endpoint = model().byId(endpointId);
    let head = endpoint?.enabled ? log.head(endpointId) : undefined;
    // Never more attempts than the endpoint allows now: a head that used them all before
    // max_attempts was lowered fails here, unsent, and the queue moves on.
    while (endpoint && head && head.attempts.length >= endpoint.max_attempts) {
      giveUp(endpoint.id, head.id);
      head = log.head(endpointId);
    }
    if (!endpoint || !head) {
      cancelTimer(endpointId);
      return;
    }
    const due = Math.max(head.next_attempt_ms ?? clock.now(), notBefore.get(endpointId) ?? 0);
    if (due > clock.now()) {
      armTimer(endpointId, due);
      return;
    }
    cancelTimer(endpointId);
    const run: Promise<void> = attemptQueued(endpoint, head)
      .catch((error: unknown) => {
        logger.error('webhook delivery failed unexpectedly', error);
        failUnexpectedly(endpoint, head.id, error);
      })
      .finally(() => {
        if (inFlight.get(endpointId) === run) inFlight.delete(endpointId);
        pump(endpointId);
      });
    inFlight.set(endpointId, run);
  }

  async function attemptQueued(endpoint: WebhookEndpointRecord, delivery: DeliveryRecord): Promise<void> {
    const startedIn = generation;
    const event = delivery.event_id === null ? undefined : events.get(delivery.account_id, delivery.event_id);
    let outcome: Outcome;
    if (!event) outcome = await missingEvent();
    else {
      let body: string | undefined;
      try {
        body = envelopeBody(event, endpoint);
      } catch (error) {
        // An event that cannot be serialised is a failed attempt like any other: recorded, backed off.
        outcome = failed(`the event could not be serialised (${error instanceof Error ? error.message : String(error)})`, 0);
      }
      outcome ??= await send(endpoint, delivery.webhook_id, body!);
    }
    if (startedIn !== generation) return;
    record(endpoint, delivery.id, outcome);
  }

  /** Writes one attempt's outcome: delivered, failed for good, or pending again after the backoff. */
  function record(endpoint: WebhookEndpointRecord, deliveryId: number, outcome: Outcome): void {
    store.transaction(() => {
      const current = log.deliveries.get(deliveryId);
      if (!current || current.state !== 'pending') return;
      const number = current.attempts.length + 1;
      const { delivered, ...rest } = outcome;
      const attempt: AttemptRecord = { number, ...rest };
      const maxAttempts = model().byId(endpoint.id)?.max_attempts ?? endpoint.max_attempts;
      if (delivered || number >= maxAttempts) {
        log.recordAttempt(current.id, attempt, { state: delivered ? 'delivered' : 'failed' });
        model().recordOutcome(endpoint.id, delivered);
      } else {
        log.recordAttempt(current.id, attempt, { state: 'pending', at: clock.now() + retryDelayMs(number) });
      }
    });
  }

  function giveUp(endpointId: number, deliveryId: number): void {
    store.transaction(() => {
      log.giveUp(deliveryId);
      model().recordOutcome(endpointId, false);
    });
  }

  /**
   * An attempt that broke before it could be recorded still counts as a failed attempt, so the
   * queue backs off instead of retrying at once forever; if even that cannot be written, the queue
   * waits out the first backoff step before it looks again.
   */
  function failUnexpectedly(endpoint: WebhookEndpointRecord, deliveryId: number, error: unknown): void {
    try {
      record(endpoint, deliveryId, failed(`delivery failed unexpectedly (${error instanceof Error ? error.message : String(error)})`, 0));
    } catch (recordError) {
      logger.error('could not record a failed webhook attempt', recordError);
      notBefore.set(endpoint.id, clock.now() + retryDelayMs(1));
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    oneShots.add(promise);
    void promise.finally(() => oneShots.delete(promise)).catch(() => {});
    return promise;
  }

  function resume(): void {
    generation++;
    inFlight.clear();
    notBefore.clear();
    for (const id of [...timers.keys()]) cancelTimer(id);
    for (const endpointId of log.endpointsWithPending()) pump(endpointId);
  }

  return {
    /** Subscribes to the journal with this transport and picks up whatever is queued. */
    start(next: WebhookTransport): void {
      transport = next;
      unsubscribe ??= events.subscribe(onEvent);
      resume();
    },

    /** Unsubscribes and cancels timers; attempts in flight finish but are not recorded. */
    stop(): void {
      unsubscribe?.();
      unsubscribe = null;
      transport = null;
      generation++;
      for (const id of [...timers.keys()]) cancelTimer(id);
      inFlight.clear();
    },

    /** After a reset or restore: forget in-flight work and re-arm every queue from the store. */
    resume,

    /** An endpoint changed (enabled, deleted): move or drop its queue. */
    kick(endpointId: number): void {
      pump(endpointId);
    },

    isInFlight(endpointId: number): boolean {
      return inFlight.has(endpointId);
    },

    /** Resolves once no attempt is in flight (tests, and `sim.sandbox.webhooks.idle()`). */
    async idle(): Promise<void> {
      for (;;) {
        const pending = [...inFlight.values(), ...oneShots];
        if (pending.length === 0) return;
        await Promise.allSettled(pending);
      }
    },

    /** Queues a finished delivery again, with the same webhook-id, at the end of its endpoint's queue. */
    redeliver(accountId: number, deliveryId: number): DeliveryRecord {
      const original = log.deliveries.getOwned(accountId, deliveryId);
      if (!original) throw notFound('Delivery');
      if (original.kind === 'test') {
        throw new ApiError('conflict', 'A test delivery cannot be redelivered; send another test.');
      }
      if (original.state === 'pending') throw new ApiError('conflict', 'This delivery is still queued.');
      const record = log.enqueue({
        accountId,
        endpointId: original.endpoint_id,
        eventId: original.event_id,
        webhookId: original.webhook_id,
        eventType: original.event_type,
        kind: 'redelivery',
        redeliveryOf: original.id,
      });
      store.afterCommit(() => pump(original.endpoint_id));
      return record;
    },

    /**
     * POST .../test: a sample event sent at once, outside the queue and even when paused; one
     * attempt, no retry, logged as a `test` delivery, not counted in stats. The synchronous part
     * (lookup, id) runs in the request's transaction; the log write after the await has its own.
     */
    test(accountId: number, endpointId: number, channel: string): Promise<WebhookTestResultData> {
      const endpoint = model().getOwned(accountId, endpointId);
      const webhookId = `evt_test_${String(store.nextId('webhook_test_event')).padStart(8, '0')}`;
      const data = {
        endpoint_id: endpoint.id,
        channel,
        sample: true,
        text: 'This is a sample event from the Switchboard sandbox.',
      };
      const body = JSON.stringify({
        id: webhookId,
        type: TEST_EVENT_TYPE,
        created_at: clock.iso(),
        account_id: accountId,
        data: applyProfile(data, endpoint.governance.payload_profile, events.textFieldsOf(TEST_EVENT_TYPE)),
      });
      return track(
        send(endpoint, webhookId, body).then((outcome) => {
          const { delivered, ...rest } = outcome;
          store.transaction(() => {
            if (!model().byId(endpoint.id)) return;
            log.recordFinished({
              accountId,
              endpointId: endpoint.id,
              webhookId,
              eventType: TEST_EVENT_TYPE,
              attempt: { number: 1, ...rest },
              delivered,
            });
          });
          return {
            delivered,
            endpoint_id: endpoint.id,
            event_id: webhookId,
            event_type: TEST_EVENT_TYPE,
            status_code: outcome.status_code,
            latency_ms: outcome.latency_ms,
            error: outcome.error,
            attempted_at: outcome.attempted_at,
          };
        }),
      );
    },
  };
}

