import { defineConfig } from '@playwright/test';

// Playwright cannot download its own browsers here: Debian's Chromium is used instead.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  outputDir: 'test-results/e2e',
  workers: 1,
  timeout: 60_000,
  reporter: [['list'], ['html', { outputFolder: 'test-results/e2e-report', open: 'never' }]],
  projects: [
    { name: 'e2e', testDir: 'test/e2e' },
    { name: 'electron', testDir: 'test/electron' },
  ],
  use: {
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
