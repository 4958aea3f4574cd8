import { describe, expect, it } from "vitest";
import { platformOf } from "./platform.ts";

describe("platformOf", () => {
  it.each([
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36", "android"],
    ["Mozilla/5.0 (Linux; Android 13; HarmonyOS; ALN-AL00) MicroMessenger/8.0.47", "android"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "ios"],
    ["Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15", "ios"],
    ["Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X)", "ios"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120 Safari/537.36", "other"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) Safari/605.1.15", "other"],
    ["", "other"],
    [null, "other"],
    [undefined, "other"],
  ])("%s is %s", (userAgent, platform) => {
    expect(platformOf(userAgent)).toBe(platform);
  });
});
