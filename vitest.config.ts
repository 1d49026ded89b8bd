import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'tests/deploy/**', 'node_modules/**'],
    globalSetup: ['tests/setup/global-setup.ts'],
    pool: 'forks',
    // One file per core (Vitest's default leaves one core free): a file waits on PostgreSQL much of
    // its time, and on 2 cores the suite ran in 101 s instead of 139 s for the same 26 files.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
