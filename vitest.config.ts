import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Timeouts here are ceilings for a test that is really stuck, not budgets: `npm test` must pass on two
 * cores while other work (a bench, other engineers' suites) keeps the load at 15-30. A test that waits
 * for something polls for it (`expect.poll`, `vi.waitFor`, `eventually` in server/test/eventually.ts);
 * these bounds only decide how long a broken test takes to say so.
 */
export default defineConfig({
  test: {
    // Two cores: two test files at a time (each server file gets its own database clone).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'sandbox/**/*.test.ts', 'common/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // A test drives whole checkouts through the app and its simulators; under load one takes tens
          // of seconds. Hooks build an app on a fresh database clone, or start child processes.
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // expect.poll's own default (1 s) is a budget a busy machine exceeds.
          expect: { poll: { timeout: 60_000, interval: 100 } },
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
          // tens of seconds. Testing Library's own wait ceiling is raised in web/test/setup.ts.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
