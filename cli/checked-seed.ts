/**
 * The embedded default seed as the seed parser returns it (`parseSeed(defaultSeed())`), when this
 * code was built into serve's bundle; `undefined` in the modules tsc writes, where serve parses
 * the seed at start as before.
 *
 * scripts/bundle-serve.mjs replaces this module in the bundle with that parse's output, computed
 * by the same build from the same modules the bundle is made of, so the bundle's serve skips a
 * parse whose result is known (~50 ms of a cold start, docs/decisions.md, "Default seed
 * start-up"). The parse runs in full at every build, and the suite parses the default seed
 * (src/seed/seed.test.ts), so the seed's checks still guard it.
 */
export const CHECKED_DEFAULT_SEED: unknown = undefined;
