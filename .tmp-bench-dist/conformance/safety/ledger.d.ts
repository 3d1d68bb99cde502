/** Which account owns the resource: `a` (the main key) or `b` (`--api-key-b`). */
export type AccountLabel = 'a' | 'b';
export interface LedgerEntry {
    /** e.g. `api-key`, `tag`, `contact`, `custom-field`, `webhook-endpoint`. */
    readonly kind: string;
    readonly id: number;
    readonly account: AccountLabel;
    /** The undo request: usually DELETE, PATCH for things that cannot be deleted (archive). */
    readonly method: 'DELETE' | 'PATCH';
    readonly path: string;
    readonly body?: unknown;
    readonly seq: number;
}
export interface LedgerFile {
    readonly format: 'switchboard-conformance-ledger';
    readonly version: 1;
    readonly runId: string;
    readonly baseUrl: string;
    readonly createdAt: string;
    readonly entries: LedgerEntry[];
}
export declare class Ledger {
    readonly runId: string;
    readonly baseUrl: string;
    private readonly entries;
    private readonly ids;
    readonly file: string | undefined;
    constructor(runId: string, baseUrl: string, dir: string | false, initial?: readonly LedgerEntry[]);
    static load(dir: string, runId: string): Ledger;
    private remember;
    add(entry: LedgerEntry): void;
    /** Drops an entry once the kit itself deleted the resource. */
    forget(kind: string, id: number): void;
    /** True when the kit created a resource with this id (in either account, unless one is named). */
    owns(id: number, account?: AccountLabel): boolean;
    list(): readonly LedgerEntry[];
    ofKind(kind: string, account?: AccountLabel): LedgerEntry[];
    persist(): void;
    /** After a clean sweep the file has nothing left to say. */
    discard(): void;
}
