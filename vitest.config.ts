import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one file at a time on a 2-core machine.
    // Two at a time took the PGlite phase from 846 s to 585 s there (docs/benchmarks.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'apps/web',
      {
        test: {
          name: 'server',
          root: '.',
          include: [
            'apps/server/test/**/*.test.ts',
            'packages/contracts/test/**/*.test.ts',
            'packages/public-site/test/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          // One migrated template database per kind and run (apps/server/test/global-setup.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
