/**
 * The account summary shows webhook endpoints (2.29), which another group owns. That group
 * registers a provider here instead of the account group importing it.
 */
import type { z } from 'zod';
import type { WebhookEndpointSummary } from './schemas.js';
type EndpointSummary = z.infer<typeof WebhookEndpointSummary>;
export declare function createAccountSummary(): {
    provideWebhookEndpoints(next: (accountId: number) => EndpointSummary[]): void;
    webhookEndpoints(accountId: number): EndpointSummary[];
};
export {};
