import { defineConfig, devices } from "@playwright/test";
import { E2E } from "./e2e/ports.ts";
import { CHROMIUM_ARGS, testBrowserPath } from "#scripts/lib/browser.ts";

const chromium = {
  ...devices["iPhone 13"],
  // The demo buyer is in China: the device's clock, which the storefront learns, is China's.
  timezoneId: "Asia/Shanghai",
  // The companion app's webview lets a page copy; Chromium's headless shell asks for the permission first.
  permissions: ["clipboard-read", "clipboard-write"],
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: testBrowserPath(),
    args: CHROMIUM_ARGS,
  },
};

/** The operator console, at laptop width (e2e/console/: journeys sign in through the local Access stand-in). */
const laptop = {
  viewport: { width: 1280, height: 800 },
  locale: "en-US",
  timezoneId: "Asia/Shanghai",
  browserName: "chromium" as const,
  baseURL: E2E.console,
  launchOptions: { executablePath: testBrowserPath(), args: CHROMIUM_ARGS },
};
const CONSOLE_JOURNEYS = /\/console\/.*\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  // Recording a trace for every test costs about 6% of the suite's time, for the few that fail: rerun
  // a failing test with `--trace on` to get its trace.
  use: { baseURL: E2E.storefront, trace: "off" },
  projects: [
    { name: "phone-js", use: { ...chromium }, testIgnore: CONSOLE_JOURNEYS },
    { name: "phone-no-js", use: { ...chromium, javaScriptEnabled: false }, grep: /@no-js/, testIgnore: CONSOLE_JOURNEYS },
    { name: "console-js", use: { ...laptop }, testMatch: CONSOLE_JOURNEYS },
    { name: "console-no-js", use: { ...laptop, javaScriptEnabled: false }, grep: /@no-js/, testMatch: CONSOLE_JOURNEYS },
  ],
  webServer: {
    command: "node scripts/serve-e2e.ts",
    // The console's Access stand-in starts last (scripts/lib/servers.ts): when it answers, every server does.
    url: `${E2E.console}/cdn-cgi/access/certs`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  },
});
