/**
 * Webhook endpoints read back (`seed pull`): every 2.27 field GET /webhooks/endpoints shows, in
 * id order with their ids. The signing secret is never shown after create and rotate, so the
 * pulled endpoint has none and loads with the seed's marked placeholder (./seed.ts).
 */
import { pullList, type PullSpec } from '../../groups/pull.js';
import type { WebhookEndpointData } from './schemas.js';

export const webhookPull: PullSpec = {
  sections: [
    pullList<WebhookEndpointData>({
      field: 'webhook_endpoints',
      list: '/webhooks/endpoints',
      map: (endpoint) => ({
        id: endpoint.id,
        name: endpoint.name,
        url: endpoint.url,
        enabled: endpoint.enabled,
        events: endpoint.events,
        governance: {
          attested: endpoint.governance.attested,
          purpose: endpoint.governance.purpose,
          destination_owner: endpoint.governance.destination_owner,
          payload_profile: endpoint.governance.payload_profile,
        },
        timeout_ms: endpoint.timeout_ms,
        max_attempts: endpoint.max_attempts,
        secret_rotated_at: endpoint.secret_rotated_at,
        stats: endpoint.stats,
        created_at: endpoint.created_at,
        updated_at: endpoint.updated_at,
      }),
    }),
  ],
};
