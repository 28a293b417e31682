import { defineConfig } from 'vitest/config';

// Journeys share one machine with two cores: run files one at a time.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    // Starting the stack and Chromium together can take long on a busy machine.
    hookTimeout: 150_000,
    fileParallelism: false,
  },
});
