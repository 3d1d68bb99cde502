/**
 * One delivery attempt on the wire: the envelope body (with the endpoint's payload profile), the
 * Standard Webhooks headers, the transport call, and the outcome the log records. `send` never
 * throws: a refused URL, a timeout, a reset or a non-2xx all become an outcome with an `error`.
 */
import type { VirtualClock } from '../../core/clock.js';
import { type EventRecord } from '../../core/events.js';
import type { AttemptRecord } from './deliveries.js';
import type { WebhookEndpointModel, WebhookEndpointRecord } from './model.js';
import { type WebhookTransport } from './transport.js';
export declare const USER_AGENT = "Switchboard-Webhooks/1 (+standard-webhooks)";
/** One attempt's result before it is numbered and written. */
export type Outcome = Omit<AttemptRecord, 'number'> & {
    delivered: boolean;
};
export declare function createSender(clock: VirtualClock, model: () => WebhookEndpointModel, transport: () => WebhookTransport | null): {
    /** The body of an event delivery: the public event, `data` cut to the endpoint's profile. */
    envelopeBody(event: EventRecord, endpoint: WebhookEndpointRecord): string;
    missingEvent(): Promise<Outcome>;
    send(endpoint: WebhookEndpointRecord, webhookId: string, body: string): Promise<Outcome>;
};
