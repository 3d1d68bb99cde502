export function webhookSandboxApi(app) {
    const webhooks = () => app.models.webhooks;
    return {
        /** Resolves when every attempt in flight (queued deliveries and tests) has finished. */
        idle: () => webhooks().dispatcher.idle(),
        /** One endpoint's deliveries, oldest first. */
        deliveries(accountId, endpointId) {
            const { endpoints, log, dispatcher } = webhooks();
            const endpoint = endpoints.getOwned(accountId, endpointId);
            const head = log.head(endpoint.id);
            return log
                .ofEndpoint(endpoint.id)
                .map((id) => log.deliveries.get(id))
                .filter((d) => d !== undefined)
                .map((d) => log.present(d, dispatcher.isInFlight(endpoint.id) && head?.id === d.id));
        },
        /** Queues a finished delivery again; throws `ApiError` (404, 409) like the route. */
        redeliver(accountId, deliveryId) {
            const { log, dispatcher } = webhooks();
            const record = app.store.transaction(() => dispatcher.redeliver(accountId, deliveryId));
            return log.present(record, false);
        },
    };
}
//# sourceMappingURL=webhook-api.js.map