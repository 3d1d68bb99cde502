/**
 * Cross-group hooks. A group that owns data hanging off another group's record registers here,
 * so the owner never imports its dependents: deleting a contact runs every `contactDeleted`
 * hook (conversations, messages, appointments...) inside the same transaction.
 */
export class Hook {
    handlers = [];
    add(handler) {
        this.handlers.push(handler);
    }
    run(...args) {
        for (const handler of this.handlers)
            handler(...args);
    }
}
export function createHooks() {
    return {
        /** A contact is being erased: remove everything that hangs off it. */
        contactDeleted: new Hook(),
        /** A tag definition is being deleted: detach it everywhere. */
        tagDeleted: new Hook(),
        /**
         * A conversation is being deleted: remove what hangs off it (in-chat appointments...) and
         * add what was removed to `removed`, which DELETE /conversations/{id} reports.
         */
        conversationDeleted: new Hook(),
    };
}
//# sourceMappingURL=hooks.js.map