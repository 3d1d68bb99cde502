export function createAccountSummary() {
    let provider = () => [];
    return {
        provideWebhookEndpoints(next) {
            provider = next;
        },
        webhookEndpoints(accountId) {
            return provider(accountId);
        },
    };
}
//# sourceMappingURL=summary.js.map