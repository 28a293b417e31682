import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: [
        'src/generated/**',
        'src/**/*.test.ts',
        'src/**/*.test-support.ts',
        'src/test-emulator.ts',
        'src/types.ts',
      ],
      reporter: ['text-summary', 'text'],
    },
  },
});
