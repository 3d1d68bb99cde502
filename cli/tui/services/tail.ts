/**
 * The tail's feeds. On a sandbox: the account's event journal (`GET /_sandbox/events?after=`),
 * polled, plus each webhook endpoint's delivery log (attempts and retries). On a real deployment:
 * deliveries to a local webhook receiver, `switchboard listen`'s own (cli/commands/listen.ts),
 * with each signature's verdict.
 */
import { startListener, type Listener, type ListenerRecord } from '../../commands/listen.js';
import type { Client } from '../target/client.js';
import { isSandbox } from '../target/connection.js';
import { Store } from '../state/store.js';
import { initialTail, tailReducer, type DeliveryRow, type TailAction, type TailEvent, type TailState } from '../state/tail.js';

export const POLL_MS = 250;
const DELIVERY_POLL_MS = 1_000;
const PAGE = 1000;
const DEFAULT_RECEIVER_PORT = 4400;

interface JournalEvent {
  readonly id: string;
  readonly type: string;
  readonly created_at: string;
  readonly data: unknown;
}

export class TailFeed {
  readonly store = new Store<TailState, TailAction>(tailReducer, initialTail);
  private timer: ReturnType<typeof setTimeout> | undefined;
  private deliveryTimer: ReturnType<typeof setTimeout> | undefined;
  private listener: Listener | undefined;
  private after: string | undefined;
  private running = false;
  private watchingDeliveries = false;

  constructor(private readonly client: Client, private readonly pollMs = POLL_MS) {}

  get started(): boolean {
    return this.running;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { connection } = this.client;
    if (isSandbox(connection)) {
      this.store.dispatch({ type: 'started', source: 'journal' });
      await this.poll();
      return;
    }
    try {
      this.listener = await startListener(
        { host: '127.0.0.1', port: connection.receiverPort ?? DEFAULT_RECEIVER_PORT, secrets: connection.webhookSecret ? [connection.webhookSecret] : [], json: true },
        (line) => this.received(line),
      );
      this.store.dispatch({ type: 'started', source: 'webhooks', receiverUrl: this.listener.url, verifying: connection.webhookSecret !== undefined });
    } catch (error) {
      const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      this.store.dispatch({ type: 'error', message: `the local webhook receiver could not start: ${error instanceof Error ? error.message : String(error)}${inUse ? ' (--receiver-port picks another port, 0 any free one)' : ''}` });
    }
  }

  private received(line: string): void {
    let record: ListenerRecord;
    try {
      record = JSON.parse(line) as ListenerRecord;
    } catch {
      return;
    }
    const event = (record.event ?? {}) as Partial<JournalEvent>;
    const tailEvent: TailEvent = {
      id: typeof event.id === 'string' ? event.id : (record.webhook_id ?? '?'),
      type: record.type ?? '(no type)',
      createdAt: typeof event.created_at === 'string' ? event.created_at : record.received_at,
      data: event.data ?? record.event,
      source: 'webhook',
      verified: record.verified,
      attempt: record.attempt,
      answered: record.status,
      ...(record.error ? { error: record.error } : {}),
    };
    this.store.dispatch({ type: 'events', events: [tailEvent] });
  }

  /** One round of the journal: every event after the last one seen, a page at a time. */
  async poll(): Promise<void> {
    if (!this.running) return;
    try {
      for (let page = 0; page < 20; page++) {
        const query = new URLSearchParams({ limit: String(PAGE), ...(this.after ? { after: this.after } : {}) });
        const exchange = await this.client.control('GET', `/events?${query}`);
        if (exchange.error || exchange.status !== 200) {
          const envelope = (exchange.json as { error?: { code?: string; message?: string } } | undefined)?.error;
          this.store.dispatch({ type: 'error', message: exchange.error ?? `${exchange.status} ${envelope?.code ?? ''}: ${envelope?.message ?? 'the event journal did not answer'}` });
          break;
        }
        const events = ((exchange.json as { data?: JournalEvent[] }).data ?? []).map(
          (event): TailEvent => ({ id: event.id, type: event.type, createdAt: event.created_at, data: event.data, source: 'journal' }),
        );
        if (events.length > 0) this.after = events[events.length - 1]!.id;
        this.store.dispatch({ type: 'events', events });
        if (events.length < PAGE) break;
      }
    } finally {
      if (this.running) {
        this.timer = setTimeout(() => void this.poll(), this.pollMs);
        this.timer.unref?.();
      }
    }
  }

  /** Starts or stops reading the delivery logs (only while the pane is shown: it costs requests). */
  watchDeliveries(on: boolean): void {
    if (on === this.watchingDeliveries) return;
    this.watchingDeliveries = on;
    if (on) void this.pollDeliveries();
    else if (this.deliveryTimer) clearTimeout(this.deliveryTimer);
  }

  private endpoints: { id: number; name: string }[] | undefined;
  private endpointsReadAt = 0;

  private async pollDeliveries(): Promise<void> {
    if (!this.watchingDeliveries || !isSandbox(this.client.connection)) return;
    try {
      // The endpoint list is an API call (metered): read it at most every 10 s.
      if (!this.endpoints || performance.now() - this.endpointsReadAt > 10_000) {
        const listed = await this.client.send({ method: 'GET', path: '/webhooks/endpoints' });
        const data = (listed.json as { data?: { id: number; name: string }[] } | undefined)?.data;
        if (Array.isArray(data)) {
          this.endpoints = data.map((endpoint) => ({ id: endpoint.id, name: endpoint.name }));
          this.endpointsReadAt = performance.now();
        }
      }
      const rows: DeliveryRow[] = [];
      for (const endpoint of this.endpoints ?? []) {
        const exchange = await this.client.control('GET', `/webhooks/endpoints/${endpoint.id}/deliveries`);
        const list = (exchange.json as { data?: unknown[] } | undefined)?.data ?? [];
        for (const raw of list) rows.push(deliveryRow(raw as Record<string, unknown>, endpoint));
      }
      this.store.dispatch({ type: 'deliveries', rows });
    } finally {
      if (this.watchingDeliveries) {
        this.deliveryTimer = setTimeout(() => void this.pollDeliveries(), DELIVERY_POLL_MS);
        this.deliveryTimer.unref?.();
      }
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.watchingDeliveries = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.deliveryTimer) clearTimeout(this.deliveryTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }
}

function deliveryRow(raw: Record<string, unknown>, endpoint: { id: number; name: string }): DeliveryRow {
  const event = (raw['event'] ?? {}) as { type?: string };
  const attempts = Array.isArray(raw['attempts']) ? (raw['attempts'] as Record<string, unknown>[]) : [];
  return {
    id: String(raw['id'] ?? '?'),
    endpointId: endpoint.id,
    endpointName: endpoint.name,
    eventType: String(raw['event_type'] ?? event.type ?? '?'),
    state: String(raw['state'] ?? '?'),
    nextAttemptAt: typeof raw['next_attempt_at'] === 'string' ? raw['next_attempt_at'] : null,
    attempts: attempts.map((attempt) => ({
      number: Number(attempt['number'] ?? 0),
      attemptedAt: String(attempt['attempted_at'] ?? ''),
      statusCode: typeof attempt['status_code'] === 'number' ? attempt['status_code'] : null,
      latencyMs: typeof attempt['latency_ms'] === 'number' ? attempt['latency_ms'] : null,
      error: typeof attempt['error'] === 'string' ? attempt['error'] : null,
    })),
  };
}
