/**
 * fast-check, configured for HTTP: a per-check seed, a number of runs, and a replay path. Against
 * the simulator the counterexample is shrunk (requests are free); against a real server the kit
 * stops at the first failure and re-sends that one case once to confirm it (shrinking would spend
 * the account's quota on hundreds of requests).
 */
import fc from 'fast-check';
import { CheckFailure, PropertyFailure, SkipCheck } from './failure.js';
export function createPropertyRunner(seed, runs, shrink, path, replayPath) {
    return {
        seed,
        runs,
        replayPath,
        async check(property, options = {}) {
            const numRuns = Math.max(1, options.runs ?? runs);
            const details = await fc.check(property, { seed, numRuns, path, endOnFailure: !shrink });
            if (!details.failed)
                return;
            const error = details.errorInstance;
            // A skip or a kit fault inside a property is not a counterexample.
            if (error instanceof SkipCheck)
                throw error;
            if (!(error instanceof CheckFailure)) {
                if (error instanceof Error)
                    throw error;
                throw new Error(details.interrupted ? 'property interrupted' : 'property could not generate values');
            }
            const counterexample = details.counterexample === null ? '' : fc.stringify(details.counterexample);
            const failingPath = details.counterexamplePath ?? '';
            let confirmation;
            if (!shrink) {
                const again = await fc.check(property, { seed, numRuns: 1, path: failingPath });
                confirmation = again.failed ? 'confirmed' : 'flaky';
            }
            const hint = /\/\*replayPath="([^"]*)"\*\//.exec(counterexample)?.[1];
            throw new PropertyFailure(error.message, error.exchange, counterexample, seed, failingPath, shrink, confirmation, hint);
        },
    };
}
/** Each check gets its own seed, so adding a check does not change the cases of the others. */
export function checkSeed(runSeed, checkId) {
    let hash = runSeed >>> 0;
    for (let i = 0; i < checkId.length; i++)
        hash = Math.imul(hash ^ checkId.charCodeAt(i), 0x01000193) >>> 0;
    return hash | 0;
}
//# sourceMappingURL=property.js.map