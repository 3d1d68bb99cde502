import { createDeliveryLog } from './deliveries.js';
import { createDispatcher } from './dispatcher.js';
import { createWebhookEndpointModel, ENVELOPE_STYLE } from './model.js';
export function createWebhooks(core, summary) {
    const log = createDeliveryLog(core.store, core.clock);
    const endpoints = createWebhookEndpointModel(core, (endpointId) => dispatcher.kick(endpointId));
    const dispatcher = createDispatcher(core, () => endpoints, log);
    summary.provideWebhookEndpoints((accountId) => endpoints.list(accountId).map((endpoint) => ({
        id: endpoint.id,
        name: endpoint.name,
        url: endpoint.url,
        enabled: endpoint.enabled,
        event_filters: [...endpoint.events],
        envelope_style: ENVELOPE_STYLE,
    })));
    return {
        endpoints,
        log,
        dispatcher,
        /** Deletes the endpoint and its delivery log; queued deliveries are dropped with it. */
        removeEndpoint(accountId, id) {
            const record = endpoints.remove(accountId, id);
            log.removeEndpoint(record.id);
            return record;
        },
    };
}
//# sourceMappingURL=index.js.map