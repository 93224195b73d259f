import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = '.tmp/e2e-data';

/**
 * Browser journeys against the built app in sandbox mode, on a fresh data directory, in Debian's
 * Chromium (no browser downloads on this machine).
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node -e "require('fs').rmSync('${DATA_DIR}',{recursive:true,force:true})" && npx tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/status`,
    timeout: 90_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      APP_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${PORT}`,
      // Journeys name their visitor's address (e2e/fixtures.ts), so per-address limits see separate people.
      TRUST_PROXY: 'true',
    },
  },
});
