import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
export const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** Flags for a headless Chromium in a container: no sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Playwright's own Chromium, when `playwright install chromium` has put it (and its headless shell) in place. */
export function playwrightChromium(): string | undefined {
  const path = chromium.executablePath();
  return existsSync(path) ? path : undefined;
}

/**
 * The browser the e2e tests, screenshots and the hot-reload check drive: CHROMIUM_PATH when set; else
 * Playwright's own, launched without a path so that Playwright picks its headless shell; else Debian's
 * headless shell; else Debian's chromium. The headless shell spends about a third less CPU than the
 * full browser's headless mode, on a suite that is bound by CPU (docs/decisions/045).
 */
export function testBrowserPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (playwrightChromium()) return undefined;
  return existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM;
}

/** The full browser, for Lighthouse in the bench: CHROMIUM_PATH, else Playwright's own, else Debian's. */
export function fullChromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? playwrightChromium() ?? DEBIAN_CHROMIUM;
}
