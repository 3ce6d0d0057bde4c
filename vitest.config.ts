import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
