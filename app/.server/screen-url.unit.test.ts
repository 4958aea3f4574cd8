import { afterEach, describe, expect, it, vi } from "vitest";
import { orderDetailHref } from "#app/catalogue/links.ts";
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

describe("a link from a screen that carries nothing", () => {
  const screen = new URL("https://shop.example/app-h5/cloud/mobile-data/order/list?page=3");
  afterEach(() => vi.restoreAllMocks());

  it("is written as a parsed URL writes it, for plain links and for those the URL changes", () => {
    const hrefs = [
      "/app-h5/cloud/order/detail?orderId=DEMO2000001",
      "/app-h5/cloud/order/detail?orderId=a%2Fb+c&x=%E2%82%AC",
      "/app-h5/cloud/mobile-data/order/list",
      "/app-h5/cloud/mobile-data/order/list?page=2",
      "/",
      "/a//b?c=d?e/f",
      "/a/.b/..c/...?x=~",
      "/a/./b",
      "/a/../b",
      "/a/b/..",
      "/a/%2e%2E/b",
      "//evil.example/x",
      "/a\\b",
      "/a b?c d",
      "/a?c='d'",
      "/a?",
      "/a?b#c",
      "/ä?ü=ö",
      "/a{b}|c^?`x`",
      "/a\t/b",
      "relative?x=1",
      "?page=2",
    ];
    for (const href of hrefs) {
      const parsed = new URL(href, screen);
      expect(linkFrom(screen, href), href).toBe(`${parsed.pathname}${parsed.search}`);
    }
  });

  it("parses no URL for a link an order list builds per order", () => {
    const parse = vi.spyOn(globalThis, "URL");
    expect(linkFrom(screen, orderDetailHref("DEMO2000001"))).toBe("/app-h5/cloud/order/detail?orderId=DEMO2000001");
    expect(linkFrom(screen, "/app-h5/cloud/mobile-data/order/list?page=4")).toBe("/app-h5/cloud/mobile-data/order/list?page=4");
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(linkFrom(new URL("https://shop.example/app-h5/cloud/mobile-data/order/list?language=ar"), orderDetailHref("DEMO2000001"))).toBe(
      "/app-h5/cloud/order/detail?orderId=DEMO2000001&language=ar",
    );
  });
});
