import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: PostgreSQL, two built server instances and HAProxy, started by the test.
export default defineConfig({
  test: { include: ['cluster/*.test.ts'], testTimeout: 240_000, hookTimeout: 300_000 },
});
