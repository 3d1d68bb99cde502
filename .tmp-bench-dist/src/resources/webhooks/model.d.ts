import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import type { CreateWebhookEndpointInput, PayloadProfileName, UpdateWebhookEndpointInput, WebhookEndpointData } from './schemas.js';
export interface GovernanceRecord {
    readonly attested: boolean;
    readonly purpose: string | null;
    readonly destination_owner: string | null;
    readonly payload_profile: PayloadProfileName;
}
export interface EndpointStats {
    readonly delivered: number;
    readonly failed: number;
    readonly last_delivered_at: string | null;
}
export interface WebhookEndpointRecord extends Entity {
    readonly name: string;
    readonly url: string;
    readonly enabled: boolean;
    readonly events: readonly string[];
    readonly governance: GovernanceRecord;
    readonly timeout_ms: number;
    readonly max_attempts: number;
    readonly secret: string;
    /** The secret before the last rotation; it keeps signing until `previous_secret_until_ms`. */
    readonly previous_secret: string | null;
    readonly previous_secret_until_ms: number | null;
    readonly secret_rotated_at: string | null;
    readonly stats: EndpointStats;
    readonly created_at: string;
    readonly updated_at: string;
}
/** The account summary's view of an endpoint (2.29). */
export declare const ENVELOPE_STYLE = "standard_webhooks";
/** Complete governance: attested, with a purpose (3.7, 7.1). */
export declare function governanceComplete(governance: GovernanceRecord): boolean;
export interface EndpointChangeListener {
    /** After commit: the endpoint was enabled, or its queue may move (re-enable, delete). */
    (endpointId: number): void;
}
export declare function createWebhookEndpointModel(core: CoreServices, onChange: EndpointChangeListener): {
    endpoints: import("../../store/collection.js").Collection<WebhookEndpointRecord>;
    present: (record: WebhookEndpointRecord) => WebhookEndpointData;
    getOwned: (accountId: number, id: number) => WebhookEndpointRecord;
    /** The secrets that sign a delivery now: the current one, and the previous one during the overlap. */
    signingSecrets(record: WebhookEndpointRecord): string[];
    /** Whether the URL is still allowed now (a restored state may hold one the current options refuse). */
    urlAllowed(record: WebhookEndpointRecord): string | null;
    list(accountId: number): WebhookEndpointRecord[];
    create(accountId: number, input: CreateWebhookEndpointInput): WebhookEndpointRecord;
    update(accountId: number, id: number, input: UpdateWebhookEndpointInput): WebhookEndpointRecord;
    remove(accountId: number, id: number): WebhookEndpointRecord;
    rotateSecret(accountId: number, id: number): WebhookEndpointRecord;
    /** Records the end of one delivery (not of one attempt). */
    recordOutcome(id: number, delivered: boolean): void;
};
export type WebhookEndpointModel = ReturnType<typeof createWebhookEndpointModel>;
