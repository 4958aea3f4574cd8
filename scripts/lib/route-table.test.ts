import { describe, expect, it } from "vitest";
import { LAUNCH_SCREENS } from "./route-table.ts";
import { SCREEN_LINKS } from "./screens.ts";

describe("launchable screens", () => {
  it("are the parameterless routes under /app-h5/, read from the route table", () => {
    expect(LAUNCH_SCREENS).toContain("cloud/mobile-data/buy");
    expect(LAUNCH_SCREENS).toContain("cloud/order/payment/result");
    expect(LAUNCH_SCREENS).not.toContain("no-login/:type");
    expect(LAUNCH_SCREENS.some((screen) => screen.startsWith("/") || screen === "")).toBe(false);
  });

  it("include every screen npm start links to", () => {
    for (const link of SCREEN_LINKS) expect(LAUNCH_SCREENS, link.label).toContain(link.screen);
  });
});
