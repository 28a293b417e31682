import { defineConfig } from 'vitest/config';

// Journeys share one machine with two cores: run files one at a time.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
