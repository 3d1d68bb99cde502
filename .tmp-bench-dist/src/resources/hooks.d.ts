/**
 * Cross-group hooks. A group that owns data hanging off another group's record registers here,
 * so the owner never imports its dependents: deleting a contact runs every `contactDeleted`
 * hook (conversations, messages, appointments...) inside the same transaction.
 */
export declare class Hook<Args extends unknown[]> {
    private readonly handlers;
    add(handler: (...args: Args) => void): void;
    run(...args: Args): void;
}
export declare function createHooks(): {
    /** A contact is being erased: remove everything that hangs off it. */
    contactDeleted: Hook<[accountId: number, contactId: number]>;
    /** A tag definition is being deleted: detach it everywhere. */
    tagDeleted: Hook<[accountId: number, tagId: number, tagName: string]>;
    /**
     * A conversation is being deleted: remove what hangs off it (in-chat appointments...) and
     * add what was removed to `removed`, which DELETE /conversations/{id} reports.
     */
    conversationDeleted: Hook<[accountId: number, conversationId: number, removed: {
        appointments: number;
    }]>;
};
export type Hooks = ReturnType<typeof createHooks>;
