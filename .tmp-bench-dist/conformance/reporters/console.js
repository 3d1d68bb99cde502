const MARK = { pass: '✓', fail: '✗', skip: '-', error: '!' };
function indent(text, by = 6) {
    const pad = ' '.repeat(by);
    return text
        .split('\n')
        .map((line) => `${pad}${line}`)
        .join('\n');
}
function line(result) {
    const suffix = result.verdict === 'skip' ? `  (skipped: ${result.reason ?? 'unknown'})` : result.verdict === 'error' ? '  (kit error)' : '';
    return `  ${MARK[result.verdict]} ${result.clause.padEnd(5)} ${result.id}  ${result.title}${suffix}`;
}
function evidence(detail) {
    const out = [indent(detail.message, 4)];
    if (detail.counterexample !== undefined)
        out.push(`    counterexample: ${detail.counterexample}`);
    if (detail.request)
        out.push('    request:', indent(detail.request));
    if (detail.response)
        out.push('    response:', indent(detail.response));
    if (detail.curl)
        out.push(`    curl: ${detail.curl}`);
    if (detail.stack)
        out.push('    at:', indent(detail.stack));
    if (detail.replay) {
        const how = detail.seed === undefined
            ? ''
            : ` (seed ${detail.seed}, path ${detail.path}; ${detail.shrunk ? 'shrunk on the simulator' : `not shrunk on a live target${detail.confirmation ? `, re-sent once: ${detail.confirmation}` : ''}`})`;
        out.push(`    replay: --replay '${detail.replay}'${how}`);
    }
    return out;
}
function matrix(report) {
    const out = ['Clause matrix', `  ${'clause'.padEnd(7)}${'level'.padEnd(11)}${'pass'.padStart(5)}${'fail'.padStart(5)}${'skip'.padStart(5)}${'error'.padStart(6)}  verdict  title`];
    for (const row of report.matrix) {
        out.push(`  ${row.clause.padEnd(7)}${row.level.padEnd(11)}${String(row.pass).padStart(5)}${String(row.fail).padStart(5)}${String(row.skip).padStart(5)}${String(row.error).padStart(6)}  ${row.verdict.padEnd(7)}  ${row.title}`);
    }
    return out;
}
export function lastLine(report) {
    const { pass, fail, skip, error } = report.totals;
    return `${pass} passed, ${fail + error} failed${skip > 0 ? `, ${skip} skipped` : ''}`;
}
export function formatConsole(report) {
    const { target, requests } = report;
    const kind = target.simulator ? `simulator${target.virtualTime ? ', virtual time' : ''}` : 'live target';
    const out = [
        `Switchboard conformance: run ${report.runId} against ${target.baseUrl} (${kind})`,
        `profile ${report.profile}, level ${report.level}, seed ${report.seed}, ${report.runs} runs per property${report.aborted ? ', ABORTED' : ''}`,
        '',
        'Spec checks',
        ...report.results.filter((r) => r.level === 'spec').map(line),
    ];
    const assumptions = report.results.filter((r) => r.level === 'assumption');
    if (assumptions.length > 0) {
        out.push('', 'Assumption checks (our choices for "not shown" gaps, docs/decisions.md; reported apart)', ...assumptions.map(line));
    }
    const failed = report.results.filter((r) => r.verdict === 'fail' || r.verdict === 'error');
    if (failed.length > 0) {
        out.push('', 'Failures');
        for (const result of failed) {
            out.push(`  ${MARK[result.verdict]} [${result.clause}] ${result.id} (${result.level}): ${result.title}`);
            if (result.failure)
                out.push(...evidence(result.failure));
        }
    }
    out.push('', ...matrix(report), '');
    const byAccount = Object.entries(requests.byAccount)
        .map(([account, count]) => `${account} ${count}`)
        .join(', ');
    out.push(`Requests: ${requests.used} used of ~${requests.planned} planned (${byAccount}; ${requests.control} to the control plane), ${requests.rateLimited} answered 429, waited ${(requests.waitedMs / 1000).toFixed(1)} s${target.virtualTime ? ' of virtual time' : ''}`);
    const cleanup = report.cleanup;
    out.push(cleanup.failed.length === 0
        ? `Cleanup: ${cleanup.deleted} created resource(s) removed`
        : `Cleanup: ${cleanup.deleted} removed, ${cleanup.failed.length} left (${cleanup.failed.slice(0, 3).join('; ')}); finish with --cleanup ${report.runId}`);
    out.push(`Duration: ${(report.durationMs / 1000).toFixed(1)} s`);
    if (report.totals.error > 0)
        out.push(`Kit errors: ${report.totals.error} (the kit itself broke; counted as failed below)`);
    out.push(lastLine(report));
    return out.join('\n');
}
//# sourceMappingURL=console.js.map