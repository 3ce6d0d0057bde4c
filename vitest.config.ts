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
          // The files of one worker share its loaded modules instead of importing the server anew
          // per file (import time summed over the files: 105 s → 20 s on PGlite; each phase 30–48 %
          // faster, docs/benchmarks.md 2026-11-29). Each file still opens its own database and app;
          // module state is per database (WeakMaps keyed by the Db) or fixed data.
          isolate: false,
          // One migrated template database per kind and run (apps/server/test/global-setup.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
