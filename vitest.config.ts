import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: two test files at a time (each server file gets its own database clone).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          // Component tests render whole pages with user-event typing; on two busy cores a few take
          // several seconds, so the 5 s default turns load into failures.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
