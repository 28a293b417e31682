import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { messages } from './vite/messages.ts';

export default defineProject({
  plugins: [react(), messages()],
  test: {
    environment: 'jsdom',
    // Screens read their texts from the English catalog, as a page in English does.
    setupFiles: ['src/i18n/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // A rendered screen's test on two shared cores: bounded as the server's are, not by vitest's 5 s.
    testTimeout: 30_000,
  },
});
