import { expect, it } from "vitest";
import { carriedQuery, linkFrom, screenUrl } from "./screen-url.ts";

it("drops React Router's data-request suffix and _routes, keeping the screen's own query", () => {
  const url = screenUrl(new Request("https://shop.example/app-h5/cloud/vip-package/buy.data?page_type=vip_card_receive&_routes=routes%2Fx&device=D1"));
  expect(`${url.pathname}?${url.searchParams}`).toBe("/app-h5/cloud/vip-package/buy?page_type=vip_card_receive&device=D1");
  expect(screenUrl(new Request("https://shop.example/app-h5/cloud/storage/buy")).pathname).toBe("/app-h5/cloud/storage/buy");
});

it("keeps the language a screen was opened with in the links built from it, unless the link names its own", () => {
  const screen = new URL("https://shop.example/app-h5/cloud/order/detail?orderId=A1&language=de&cancel=A1");
  expect(linkFrom(screen, "/app-h5/cloud/order/list?page=2")).toBe("/app-h5/cloud/order/list?page=2&language=de");
  expect(linkFrom(screen, "/app-h5/cloud/order/list?language=fr")).toBe("/app-h5/cloud/order/list?language=fr");
  expect(linkFrom(new URL("https://shop.example/app-h5/cloud/order/detail?orderId=A1"), "/app-h5/cloud/order/list")).toBe("/app-h5/cloud/order/list");
  expect(carriedQuery(screen)).toEqual({ language: "de" });
});
