/**
 * One delivery attempt on the wire: the envelope body (with the endpoint's payload profile), the
 * Standard Webhooks headers, the transport call, and the outcome the log records. `send` never
 * throws: a refused URL, a timeout, a reset or a non-2xx all become an outcome with an `error`.
 */
import type { VirtualClock } from '../../core/clock.js';
import { presentEvent, type EventRecord } from '../../core/events.js';
import type { AttemptRecord } from './deliveries.js';
import { LOGGED_RESPONSE_CHARS } from './limits.js';
import type { WebhookEndpointModel, WebhookEndpointRecord } from './endpoints.js';
import { cutChars } from '../shared/characters.js';
import { applyProfile } from './profile.js';
import { signatureHeader } from './signing.js';
import { networkError, type WebhookTransport } from './transport.js';

export const USER_AGENT = 'Switchboard-Webhooks/1 (+standard-webhooks)';

/** One attempt's result before it is numbered and written. */
export type Outcome = Omit<AttemptRecord, 'number'> & { delivered: boolean };

export function createSender(
  clock: VirtualClock,
  model: () => WebhookEndpointModel,
  transport: () => WebhookTransport | null,
  textFieldsOf: (type: string) => readonly string[],
) {
  function failed(error: string, signatures: number): Outcome {
    return { delivered: false, attempted_at: clock.iso(), status_code: null, latency_ms: 0, error, response_body: null, signatures };
  }

  return {
    failed,

    /** The body of an event delivery: the public event, `data` cut to the endpoint's profile. */
    envelopeBody(event: EventRecord, endpoint: WebhookEndpointRecord): string {
      const envelope = presentEvent(event);
      return JSON.stringify({ ...envelope, data: applyProfile(event.data, endpoint.governance.payload_profile, textFieldsOf(event.type)) });
    },

    async missingEvent(): Promise<Outcome> {
      return failed('the event is no longer in the journal', 0);
    },

    async send(endpoint: WebhookEndpointRecord, webhookId: string, body: string): Promise<Outcome> {
      const secrets = model().signingSecrets(endpoint);
      const refused = model().urlAllowed(endpoint);
      const send = transport();
      if (refused !== null) return failed(`url refused: ${refused}`, secrets.length);
      if (!send) return failed('delivery is stopped (simulator closed)', secrets.length);
      const attempted_at = clock.iso();
      // Receivers check webhook-timestamp against their own clock (Standard Webhooks allows 5 min),
      // so it is the real time of sending, whatever the virtual clock says.
      const timestamp = Math.floor(clock.wall() / 1000);
      const headers = {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': webhookId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await signatureHeader(secrets, webhookId, timestamp, body),
      };
      const base = { attempted_at, signatures: secrets.length };
      const started = clock.wall();
      try {
        const response = await send({ url: endpoint.url, headers, body, timeoutMs: endpoint.timeout_ms, loopback: model().loopbackAllowance });
        const delivered = response.status >= 200 && response.status < 300;
        return {
          ...base,
          delivered,
          status_code: response.status,
          latency_ms: clock.wall() - started,
          error: delivered ? null : `receiver answered ${response.status}`,
          response_body: cutChars(response.body, LOGGED_RESPONSE_CHARS),
        };
      } catch (error) {
        const latency_ms = clock.wall() - started;
        return { ...base, delivered: false, status_code: null, latency_ms, error: networkError(error).message, response_body: null };
      }
    },
  };
}
