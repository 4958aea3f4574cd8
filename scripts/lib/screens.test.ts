import { describe, expect, it } from "vitest";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { DeviceType, isSoldFor, SOLD_SERVICE_TYPES } from "#domain/services.ts";
import { SERVICES } from "#app/catalogue/screens.ts";
import en from "#locales/en/common.json";
import { defaultDemoDevice } from "./launch-link.ts";
import { SCREEN_LINKS } from "./screens.ts";

const KIND_OF_DEMO_DEVICE: Record<string, number> = { [DEMO_DEVICES.camera]: DeviceType.camera, [DEMO_DEVICES.sim]: DeviceType.sim };
const screenOf = (path: string) => path.replace(/^\/app-h5\//, "");

describe("the launcher's screen links", () => {
  it("open each sold service's order list, named by its English title, on a demo device of a kind the service is sold for", () => {
    const titles: Record<string, unknown> = en.orders;
    for (const type of SOLD_SERVICE_TYPES) {
      const service = SERVICES[type];
      const links = SCREEN_LINKS.filter((link) => link.screen === screenOf(service.orders));
      expect(links.map((link) => link.label), service.orders).toEqual([titles[service.ordersTitleKey.replace("orders.", "")]]);
      expect(isSoldFor(type, KIND_OF_DEMO_DEVICE[links[0]?.deviceId ?? ""] ?? 0), service.orders).toBe(true);
    }
  });

  it("open each sold service's purchase screen, and a screen named with no device opens on one of its service's kind", () => {
    for (const type of SOLD_SERVICE_TYPES) {
      const screen = screenOf(SERVICES[type].buy);
      expect(SCREEN_LINKS.some((link) => link.screen === screen), screen).toBe(true);
      expect(isSoldFor(type, KIND_OF_DEMO_DEVICE[defaultDemoDevice(screen)] ?? 0), screen).toBe(true);
    }
    expect(defaultDemoDevice("cloud/services")).toBe(DEMO_DEVICES.camera);
  });
});
