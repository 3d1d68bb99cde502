/**
 * Cross-group hooks. A group that owns data hanging off another group's record registers here,
 * so the owner never imports its dependents: deleting a contact runs every `contactDeleted`
 * hook (conversations, messages, appointments...) inside the same transaction.
 */

export class Hook<Args extends unknown[]> {
  private readonly handlers: ((...args: Args) => void)[] = [];

  add(handler: (...args: Args) => void): void {
    this.handlers.push(handler);
  }

  run(...args: Args): void {
    for (const handler of this.handlers) handler(...args);
  }
}

export function createHooks() {
  return {
    /** A contact is being erased: remove everything that hangs off it. */
    contactDeleted: new Hook<[accountId: number, contactId: number]>(),
    /** A tag definition is being deleted: detach it everywhere. */
    tagDeleted: new Hook<[accountId: number, tagId: number, tagName: string]>(),
    /**
     * A conversation is being deleted: remove what hangs off it (in-chat appointments...) and
     * add what was removed to `removed`, which DELETE /conversations/{id} reports.
     */
    conversationDeleted: new Hook<[accountId: number, conversationId: number, removed: { appointments: number }]>(),
  };
}

export type Hooks = ReturnType<typeof createHooks>;
