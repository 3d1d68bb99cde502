/**
 * Ascending arrays of ids. Ids come from global sequences, so a new record's id is nearly always
 * the largest and `insert` is a push; binary search covers the rest.
 */
export function lowerBound(ids, id) {
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (ids[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
export function insertSorted(ids, id) {
    const last = ids[ids.length - 1];
    if (last === undefined || last < id) {
        ids.push(id);
        return;
    }
    const at = lowerBound(ids, id);
    if (ids[at] !== id)
        ids.splice(at, 0, id);
}
export function removeSorted(ids, id) {
    const at = lowerBound(ids, id);
    if (ids[at] === id)
        ids.splice(at, 1);
}
//# sourceMappingURL=sorted-ids.js.map