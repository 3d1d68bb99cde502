export const STATE_FORMAT = 'switchboard-state';
export const STATE_VERSION = 1;
export function isStoreSnapshot(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    const candidate = value;
    return (candidate.format === STATE_FORMAT &&
        candidate.version === STATE_VERSION &&
        typeof candidate.sequences === 'object' &&
        typeof candidate.collections === 'object');
}
//# sourceMappingURL=snapshot.js.map