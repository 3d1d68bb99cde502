import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'cli/**/*.test.{ts,tsx}', 'conformance/**/*.test.ts', 'test/**/*.test.ts', 'fixtures/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // One module graph per worker, not per file: evaluating the simulator's modules again for each
    // of ~140 files cost more CPU than many of the files' tests (docs/decisions.md, "Test workers
    // share modules"). Every test builds its own simulator, so no state rides between files.
    isolate: false,
    // Rebuilds dist/ when stale: some tests run the built bin as users do (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // No test looks a name up, in its worker or in a process it spawns (test/support/no-dns.mjs).
    setupFiles: ['test/support/no-dns-setup.ts'],
  },
});
