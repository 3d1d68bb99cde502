/**
 * Where `await` steps find events: the sandbox's event journal (`GET /_sandbox/events`), or, for
 * a real deployment, the webhook deliveries a local receiver gets (`switchboard listen`'s
 * receiver, started on 127.0.0.1; the scenario's endpoint points at it through `{{$receiver_url}}`).
 */
import { startListener, type Listener, type ListenerRecord } from '../../cli/commands/listen.js';
import type { ScenarioTarget } from './target.js';

export interface ScenarioEvent {
  readonly id: string;
  readonly type: string;
  readonly created_at?: string;
  readonly data?: unknown;
  readonly [field: string]: unknown;
}

export interface EventSource {
  readonly name: 'journal' | 'webhooks';
  /** Remembers what already happened, so an await only sees newer events. */
  start(): Promise<void>;
  /** Events of this type since start, oldest first. */
  poll(type: string): Promise<ScenarioEvent[]>;
  /** The receiver's URL (webhooks only), bound as `{{$receiver_url}}`. */
  readonly url?: string;
  close(): Promise<void>;
}

interface JournalPage {
  data?: ScenarioEvent[];
  has_more?: boolean;
}

/** The sandbox journal of the credential's account. */
export function journalSource(target: ScenarioTarget, credential: () => string | undefined): EventSource {
  let mark: string | undefined;
  async function page(query: URLSearchParams): Promise<JournalPage> {
    const key = credential();
    const response = await target.send(
      { method: 'GET', url: `${target.controlUrl}/events?${query.toString()}`, headers: { Accept: 'application/json', ...(key ? { 'X-Service-Api-Key': key } : {}) } },
      undefined,
    );
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET /_sandbox/events answered ${response.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as JournalPage;
  }
  async function all(type?: string): Promise<ScenarioEvent[]> {
    const out: ScenarioEvent[] = [];
    let after = mark;
    for (let guard = 0; guard < 1000; guard++) {
      const query = new URLSearchParams({ limit: '1000' });
      if (after) query.set('after', after);
      if (type) query.set('type', type);
      const { data = [], has_more } = await page(query);
      out.push(...data);
      if (!has_more || data.length === 0) break;
      after = data[data.length - 1]!.id;
    }
    return out;
  }
  return {
    name: 'journal',
    async start() {
      const seen = await all();
      mark = seen.length > 0 ? seen[seen.length - 1]!.id : mark;
    },
    poll: (type) => all(type),
    close: async () => undefined,
  };
}

export interface ReceiverOptions {
  readonly port?: number;
  /** whsec_ secrets to verify deliveries with; unverified deliveries count when none is given. */
  readonly secrets?: readonly string[];
}

/** A local webhook receiver (the one `switchboard listen` runs). */
export async function receiverSource(options: ReceiverOptions = {}): Promise<EventSource> {
  const records: ListenerRecord[] = [];
  const listener: Listener = await startListener(
    { host: '127.0.0.1', port: options.port ?? 0, secrets: options.secrets ?? [], json: true },
    (line) => records.push(JSON.parse(line) as ListenerRecord),
  );
  let from = 0;
  return {
    name: 'webhooks',
    url: listener.url,
    async start() {
      from = records.length;
    },
    async poll(type) {
      const seen = new Set<string>();
      const out: ScenarioEvent[] = [];
      for (const record of records.slice(from)) {
        // Retries carry the same webhook-id: one event each.
        if (record.type !== type || record.verified === false || record.status !== 200) continue;
        const event = record.event as ScenarioEvent | null;
        if (!event || typeof event !== 'object' || seen.has(String(event.id))) continue;
        seen.add(String(event.id));
        out.push(event);
      }
      return out;
    },
    close: () => listener.close(),
  };
}
