/**
 * Runs one check and turns whatever happened into a result: pass, fail (with the evidence), skip
 * (with the reason) or error (the kit broke). Failure evidence is redacted here, once.
 */
import { renderCurl, renderRequest, renderResponse } from '../http/render.js';
import { formatReplay } from '../options.js';
import { ProfileRefusal } from '../safety/guard.js';
import { CheckFailure, PropertyFailure, SkipCheck } from './failure.js';
export function resultOf(check, partial) {
    return {
        id: check.id,
        title: check.title,
        clause: check.clause,
        level: check.level,
        group: check.group,
        durationMs: 0,
        requests: 0,
        ...partial,
    };
}
export function failureDetail(error, redactor, checkId) {
    const exchange = error.exchange;
    const base = {
        message: redactor.text(error.message),
        ...(exchange
            ? {
                request: renderRequest(exchange, redactor),
                response: renderResponse(exchange, redactor),
                curl: renderCurl(exchange, redactor),
            }
            : {}),
    };
    if (error instanceof PropertyFailure) {
        return {
            ...base,
            counterexample: redactor.text(error.counterexample),
            seed: error.seed,
            path: error.path,
            replay: formatReplay(checkId, error.seed, error.path, error.replayPath),
            shrunk: error.shrunk,
            ...(error.confirmation ? { confirmation: error.confirmation } : {}),
        };
    }
    return { ...base, replay: formatReplay(checkId, undefined, undefined) };
}
export async function execute(check, ctx, redactor) {
    const started = performance.now();
    const before = ctx.client.usage.used;
    const finish = (partial) => resultOf(check, { ...partial, durationMs: performance.now() - started, requests: ctx.client.usage.used - before });
    try {
        await check.run(ctx);
        return finish({ verdict: 'pass' });
    }
    catch (error) {
        if (error instanceof SkipCheck)
            return finish({ verdict: 'skip', reason: error.reason });
        if (error instanceof ProfileRefusal)
            return finish({ verdict: 'skip', reason: `profile:${error.message}` });
        if (error instanceof CheckFailure)
            return finish({ verdict: 'fail', failure: failureDetail(error, redactor, check.id) });
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        const stack = error instanceof Error && error.stack ? error.stack.split('\n').slice(1, 4).join('\n') : '';
        return finish({ verdict: 'error', failure: { message: redactor.text(message), ...(stack ? { stack } : {}) } });
    }
}
//# sourceMappingURL=execute.js.map