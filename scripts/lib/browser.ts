import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** Flags for a headless Chromium in a container: no sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Playwright's own Chromium, when `playwright install chromium` has put it in place. */
export function playwrightChromium(): string | undefined {
  const path = chromium.executablePath();
  return existsSync(path) ? path : undefined;
}

/**
 * The Chromium the e2e tests, screenshots and bench run: CHROMIUM_PATH when set, else Playwright's own
 * when installed, else Debian's (scripts/ensure-chromium.ts installs one of the two).
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? playwrightChromium() ?? DEBIAN_CHROMIUM;
}
