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
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
