import { defineProject } from 'vitest/config';

export default defineProject({
  // The embedded database takes a few seconds to initialise on a busy machine.
  test: { environment: 'node', hookTimeout: 60_000, testTimeout: 30_000 },
});
