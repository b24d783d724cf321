import { defineConfig } from "@playwright/test";

// The suite runs against a production build served by `npm start`'s launcher: on DATABASE_URL when set (CI: a real
// PostgreSQL), otherwise on the embedded database in a throw-away data folder.
export const TEST_PORT = Number(process.env.PA_TEST_PORT ?? 3100);
const baseURL = `http://localhost:${TEST_PORT}`;

export default defineConfig({
  testDir: "./e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  webServer: {
    command: "MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} npx tsx scripts/start.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(TEST_PORT),
      HOST: "127.0.0.1",
      PA_DATA_DIR: process.env.PA_TEST_DATA_DIR ?? ".data-test",
      PA_FETCH_ALLOW_HOSTS: "127.0.0.1,localhost",
      PA_LOG_LEVEL: "error",
      PA_SYNC_TIMEOUT_MS: "20000",
      PA_FETCH_TIMEOUT_MS: "3000",
      PA_FETCH_MAX_BYTES: String(2 * 1024 * 1024),
      PA_PROCESSING_LEASE_SECONDS: "6",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
