/**
 * The run id names the run in logs (`X-Switchboard-Run`), in the ledger file and in everything
 * the kit creates. It only uses a-z, 0-9 and _, so it also fits a custom-field key.
 */
import { randomBytes } from 'node:crypto';
export const RUN_ID_PATTERN = /^sbc_[a-z0-9]{8}$/;
export function newRunId() {
    const time = Date.now().toString(36).slice(-4);
    const random = randomBytes(4).toString('hex').slice(0, 4);
    return `sbc_${time}${random}`;
}
export function checkRunId(runId) {
    if (!RUN_ID_PATTERN.test(runId))
        throw new Error(`a run id looks like sbc_1a2b3c4d, got "${runId}"`);
    return runId;
}
//# sourceMappingURL=run-id.js.map