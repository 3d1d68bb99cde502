export function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
/** Full GC between measurements when node runs with --expose-gc, so one run's garbage does not bill the next. */
export function collectGarbage() {
    const gc = globalThis.gc;
    gc?.();
}
export function round(value, digits = 2) {
    const factor = 10 ** digits;
    return Math.round(value * factor) / factor;
}
//# sourceMappingURL=types.js.map