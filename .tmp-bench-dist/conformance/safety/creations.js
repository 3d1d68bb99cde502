const del = (base) => (id) => ({ method: 'DELETE', path: `${base}/${id}` });
const CREATIONS = {
    '/api-keys': { kind: 'api-key', undo: del('/api-keys'), nameField: 'name' },
    '/tags': { kind: 'tag', undo: del('/tags'), nameField: 'name' },
    '/contacts': { kind: 'contact', undo: del('/contacts'), nameField: 'platform_user_id' },
    '/custom-fields': {
        kind: 'custom-field',
        undo: (id) => ({ method: 'PATCH', path: `/custom-fields/${id}`, body: { archived: true } }),
        nameField: 'field_key',
    },
    '/webhooks/endpoints': { kind: 'webhook-endpoint', undo: del('/webhooks/endpoints'), nameField: 'name' },
    '/blocked-users': { kind: 'blocked-user', undo: del('/blocked-users') },
    '/team/invitations': { kind: 'invitation', undo: del('/team/invitations') },
    '/knowledge/faqs': { kind: 'faq', undo: del('/knowledge/faqs') },
    '/knowledge/services': { kind: 'service', undo: del('/knowledge/services') },
    '/comment-triggers': { kind: 'comment-trigger', undo: del('/comment-triggers') },
    '/posts': { kind: 'post', undo: del('/posts') },
    '/flows': { kind: 'flow', undo: del('/flows') },
    '/competitors': { kind: 'competitor', undo: del('/competitors') },
    '/media': { kind: 'media', undo: del('/media') },
};
function dataId(json) {
    if (typeof json !== 'object' || json === null)
        return undefined;
    const data = json.data;
    if (typeof data !== 'object' || data === null)
        return undefined;
    const id = data.id;
    return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}
function requestField(body, field) {
    if (body === undefined)
        return undefined;
    try {
        const parsed = JSON.parse(body);
        return typeof parsed === 'object' && parsed !== null ? parsed[field] : undefined;
    }
    catch {
        return undefined;
    }
}
export function recordCreation(ledger, prefix, basePath, response, account) {
    const { exchange } = response;
    if (exchange.method !== 'POST' || response.status < 200 || response.status > 299)
        return;
    const path = new URL(exchange.url).pathname;
    if (!path.startsWith(basePath))
        return;
    const creation = CREATIONS[path.slice(basePath.length).replace(/\/+$/, '')];
    if (!creation)
        return;
    const id = dataId(response.json);
    if (id === undefined)
        return;
    // A 200 from create-or-update routes may name something that existed before the run; only
    // what carries the run prefix is the kit's.
    if (response.status !== 201) {
        const name = creation.nameField ? requestField(exchange.requestBody, creation.nameField) : undefined;
        if (typeof name !== 'string' || !name.startsWith(prefix))
            return;
    }
    ledger.add({ kind: creation.kind, id, account, seq: exchange.seq, ...creation.undo(id) });
}
//# sourceMappingURL=creations.js.map