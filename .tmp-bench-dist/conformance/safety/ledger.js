/**
 * Everything the kit created, with how to undo it. Persisted after every change (when a directory
 * is given), so `--cleanup RUN_ID` can finish a sweep that a crash or Ctrl-C interrupted. Keys are
 * never written here: only ids and paths.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
export class Ledger {
    runId;
    baseUrl;
    entries = [];
    ids = new Set();
    file;
    constructor(runId, baseUrl, dir, initial = []) {
        this.runId = runId;
        this.baseUrl = baseUrl;
        this.file = dir === false ? undefined : join(dir, `${runId}.json`);
        for (const entry of initial)
            this.remember(entry);
    }
    static load(dir, runId) {
        const file = join(dir, `${runId}.json`);
        const parsed = JSON.parse(readFileSync(file, 'utf8'));
        if (parsed.format !== 'switchboard-conformance-ledger' || !Array.isArray(parsed.entries) || typeof parsed.baseUrl !== 'string') {
            throw new Error(`${file} is not a conformance ledger`);
        }
        return new Ledger(runId, parsed.baseUrl, dir, parsed.entries);
    }
    remember(entry) {
        this.entries.push(entry);
        this.ids.add(`${entry.account}:${entry.id}`);
    }
    add(entry) {
        if (this.owns(entry.id, entry.account) && this.entries.some((e) => e.kind === entry.kind && e.id === entry.id))
            return;
        this.remember(entry);
        this.persist();
    }
    /** Drops an entry once the kit itself deleted the resource. */
    forget(kind, id) {
        const index = this.entries.findIndex((e) => e.kind === kind && e.id === id);
        if (index < 0)
            return;
        this.entries.splice(index, 1);
        this.persist();
    }
    /** True when the kit created a resource with this id (in either account, unless one is named). */
    owns(id, account) {
        if (account)
            return this.ids.has(`${account}:${id}`);
        return this.ids.has(`a:${id}`) || this.ids.has(`b:${id}`);
    }
    list() {
        return this.entries;
    }
    ofKind(kind, account) {
        return this.entries.filter((e) => e.kind === kind && (account === undefined || e.account === account));
    }
    persist() {
        if (!this.file)
            return;
        const data = {
            format: 'switchboard-conformance-ledger',
            version: 1,
            runId: this.runId,
            baseUrl: this.baseUrl,
            createdAt: new Date().toISOString(),
            entries: this.entries,
        };
        mkdirSync(join(this.file, '..'), { recursive: true });
        const temp = `${this.file}.tmp`;
        writeFileSync(temp, `${JSON.stringify(data, null, 2)}\n`);
        renameSync(temp, this.file);
    }
    /** After a clean sweep the file has nothing left to say. */
    discard() {
        if (this.file)
            rmSync(this.file, { force: true });
    }
}
//# sourceMappingURL=ledger.js.map