import { expect, it } from "vitest";
import { screenUrl } from "./screen-url.ts";

it("drops React Router's data-request suffix and _routes, keeping the screen's own query", () => {
  const url = screenUrl(new Request("https://shop.example/app-h5/cloud/vip-package/buy.data?page_type=vip_card_receive&_routes=routes%2Fx&device=D1"));
  expect(`${url.pathname}?${url.searchParams}`).toBe("/app-h5/cloud/vip-package/buy?page_type=vip_card_receive&device=D1");
  expect(screenUrl(new Request("https://shop.example/app-h5/cloud/storage/buy")).pathname).toBe("/app-h5/cloud/storage/buy");
});
