import { describe, expect, it } from "vitest";
import { SOLD_SERVICE_TYPES } from "#domain/services.ts";
import { ROUTED_SCREENS, SERVICES, serviceOf, serviceTypeOfOrders, serviceTypeOfScreen } from "./screens.ts";

describe("the screen catalogue's sold services", () => {
  it("route each sold service's purchase screen with its own module and its order list with the shared one", () => {
    for (const type of SOLD_SERVICE_TYPES) {
      const service = SERVICES[type];
      expect(ROUTED_SCREENS.filter((screen) => screen.path === service.buy), service.buy).toEqual([{ path: service.buy, file: service.buyModule, id: undefined }]);
      expect(ROUTED_SCREENS.filter((screen) => screen.path === service.orders), service.orders).toEqual([
        { path: service.orders, file: "routes/app-h5/cloud/order-list.tsx", id: service.orders },
      ]);
    }
    expect(new Set(ROUTED_SCREENS.map((screen) => screen.path)).size).toBe(ROUTED_SCREENS.length);
  });

  it("find a service by its code, its purchase screen's name and its order list's path, and nothing for codes 3 and 4", () => {
    for (const type of SOLD_SERVICE_TYPES) {
      expect(serviceOf(type)).toBe(SERVICES[type]);
      expect(serviceTypeOfScreen(SERVICES[type].purchaseScreen)).toBe(type);
      expect(serviceTypeOfOrders(SERVICES[type].orders)).toBe(type);
    }
    expect([serviceOf(3), serviceOf(4), serviceTypeOfScreen("storage-buy"), serviceTypeOfOrders("/app-h5/cloud/order/detail")]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
