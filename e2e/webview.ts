import type { Page } from "@playwright/test";

export interface SafeAreaInsets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Sets env(safe-area-inset-*) as a notched phone's webview reports them (Chromium's DevTools protocol). */
export async function emulateSafeArea(page: Page, insets: SafeAreaInsets): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Newer than the protocol types Playwright ships; Chromium 136 and later have it.
  await (cdp.send as (method: string, params: object) => Promise<unknown>)("Emulation.setSafeAreaInsetsOverride", { insets });
}
