/** `<check-id>`, `<check-id>@<seed>`, `<check-id>@<seed>:<path>`, plus `#<replayPath>` for sequences. */
export function parseReplay(text) {
    const hash = text.indexOf('#');
    const replayPath = hash < 0 ? undefined : text.slice(hash + 1);
    const head = hash < 0 ? text : text.slice(0, hash);
    const at = head.lastIndexOf('@');
    if (at < 0)
        return { checkId: head.trim(), seed: undefined, path: undefined, replayPath };
    const checkId = head.slice(0, at).trim();
    const rest = head.slice(at + 1);
    const colon = rest.indexOf(':');
    const seed = Number(colon < 0 ? rest : rest.slice(0, colon));
    if (!checkId || !Number.isInteger(seed))
        throw new Error(`--replay must look like <check-id>@<seed>:<path>, got "${text}"`);
    return { checkId, seed, path: colon < 0 ? undefined : rest.slice(colon + 1), replayPath };
}
export function formatReplay(checkId, seed, path, replayPath) {
    if (seed === undefined)
        return checkId;
    const base = path === undefined ? `${checkId}@${seed}` : `${checkId}@${seed}:${path}`;
    return replayPath === undefined ? base : `${base}#${replayPath}`;
}
/** Fills defaults that do not depend on the target; the runner settles the target-dependent ones. */
export function resolveOptions(options) {
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    if (!/^https?:\/\//.test(baseUrl))
        throw new Error(`base URL must start with http:// or https://, got "${options.baseUrl}"`);
    if (!options.apiKey)
        throw new Error('an API key is required');
    const replay = options.replay === undefined ? undefined : parseReplay(options.replay);
    const fetchFn = options.fetch ?? ((request) => fetch(request));
    return {
        baseUrl,
        apiKey: options.apiKey,
        apiKeyB: options.apiKeyB || undefined,
        inactiveKey: options.inactiveKey || undefined,
        sections: options.sections ?? [],
        only: replay ? [replay.checkId] : (options.only ?? []),
        profile: options.profile,
        level: options.level,
        seed: replay?.seed ?? options.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0,
        runs: options.runs,
        replay,
        fetch: fetchFn,
        signal: options.signal,
        ledgerDir: options.ledgerDir ?? '.switchboard-conformance',
        maxRequests: options.maxRequests ?? Number.POSITIVE_INFINITY,
        virtualTime: options.virtualTime ?? true,
        runId: options.runId,
        onResult: options.onResult,
        timeoutMs: options.timeoutMs ?? 30_000,
    };
}
//# sourceMappingURL=options.js.map