/**
 * Runs one check and turns whatever happened into a result: pass, fail (with the evidence),
 * inconclusive (could not judge: the setup step or measurement that failed, with its evidence),
 * skip (with the reason; `aborted` when the run was interrupted under it) or error (the kit
 * broke). Evidence is redacted here, once.
 */
import { renderCurl, renderRequest, renderResponse } from '../http/render.js';
import type { Redactor } from '../http/redact.js';
import { formatReplay } from '../options.js';
import { ProfileRefusal } from '../safety/guard.js';
import type { CheckResult, FailureDetail } from '../types.js';
import type { CheckContext, CheckDefinition } from './check.js';
import { CheckFailure, Inconclusive, Interrupted, PropertyFailure, SkipCheck } from './failure.js';

export function resultOf(check: CheckDefinition, partial: Pick<CheckResult, 'verdict'> & Partial<CheckResult>): CheckResult {
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

function inconclusiveDetail(error: Inconclusive, redactor: Redactor): FailureDetail {
  const exchange = error.exchange;
  return {
    message: redactor.text(error.message),
    ...(exchange
      ? { request: renderRequest(exchange, redactor), response: renderResponse(exchange, redactor), curl: renderCurl(exchange, redactor) }
      : {}),
  };
}

export function failureDetail(error: CheckFailure, redactor: Redactor, checkId: string): FailureDetail {
  const exchange = error.exchange;
  const base: FailureDetail = {
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

export async function execute(check: CheckDefinition, ctx: CheckContext, redactor: Redactor): Promise<CheckResult> {
  const started = performance.now();
  const before = ctx.client.usage.used;
  const finish = (partial: Pick<CheckResult, 'verdict'> & Partial<CheckResult>): CheckResult =>
    resultOf(check, { ...partial, durationMs: performance.now() - started, requests: ctx.client.usage.used - before });
  try {
    await check.run(ctx);
    return finish({ verdict: 'pass' });
  } catch (error) {
    if (error instanceof SkipCheck) return finish({ verdict: 'skip', reason: error.reason });
    if (error instanceof Interrupted) return finish({ verdict: 'skip', reason: 'aborted' });
    if (error instanceof Inconclusive) return finish({ verdict: 'inconclusive', reason: redactor.text(error.reason), failure: inconclusiveDetail(error, redactor) });
    if (error instanceof ProfileRefusal) return finish({ verdict: 'skip', reason: `profile:${error.message}` });
    if (error instanceof CheckFailure) return finish({ verdict: 'fail', failure: failureDetail(error, redactor, check.id) });
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const stack = error instanceof Error && error.stack ? error.stack.split('\n').slice(1, 4).join('\n') : '';
    return finish({ verdict: 'error', failure: { message: redactor.text(message), ...(stack ? { stack } : {}) } });
  }
}
