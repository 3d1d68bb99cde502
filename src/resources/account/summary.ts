/**
 * The account summary shows webhook endpoints (2.29), which another group owns. That group
 * registers a provider here instead of the account group importing it.
 */
import type { z } from 'zod';
import type { WebhookEndpointSummary } from './schemas.js';

type EndpointSummary = z.infer<typeof WebhookEndpointSummary>;

export function createAccountSummary() {
  let provider: (accountId: number) => EndpointSummary[] = () => [];
  return {
    provideWebhookEndpoints(next: (accountId: number) => EndpointSummary[]): void {
      provider = next;
    },
    webhookEndpoints(accountId: number): EndpointSummary[] {
      return provider(accountId);
    },
  };
}
