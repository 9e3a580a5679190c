import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['test/setup.ts', 'test/renderer/stateWaits.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    restoreMocks: true,
  },
});
