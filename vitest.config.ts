import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'cli/**/*.test.{ts,tsx}', 'conformance/**/*.test.ts', 'test/**/*.test.ts', 'fixtures/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Rebuilds dist/ when stale: some tests run the built bin as users do (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // No test looks a name up, in its worker or in a process it spawns (test/support/no-dns.mjs).
    setupFiles: ['test/support/no-dns-setup.ts'],
  },
});
