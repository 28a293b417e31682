import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A rendered screen's test on two shared cores: bounded as the server's are, not by vitest's 5 s.
    testTimeout: 30_000,
  },
});
