import { expect, test } from "@playwright/test";
import { callCloudApi } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { E2E } from "./ports.ts";

/** The demo buyer's signed calls to the cloud-api, as the storefront's loaders make them. */
async function cloudApi() {
  const vars = devVars();
  const { accessToken } = await callCloudApi<{ accessToken: string }>(E2E.api, vars, "/v1/member/user/s2s/token", { account: "demo@camcloud.example" });
  return <T>(path: string, body: unknown) => callCloudApi<T>(E2E.api, vars, path, body, accessToken);
}

test.describe("payment sandbox through the storefront's origin", () => {
  test("a WeChat H5 payment is paid on the sandbox page and comes back to the result URL @no-js", async ({ page }) => {
    const call = await cloudApi();
    const { packageList } = await call<{ packageList: { id: number; salePrice: number }[] }>("/v1/cloud/package/list", { deviceId: "CAM-DEMO-002", type: 6 });
    const pkg = packageList[0];
    if (!pkg) throw new Error("no AI package");
    const order = await call<{ orderId: string; h5PaymentUrl: string }>("/v1/cloud/order/h5/confirm/v2", {
      deviceId: "CAM-DEMO-002",
      priceId: pkg.id,
      payAmount: pkg.salePrice,
      payMethod: 1,
      buyServiceType: 6,
    });
    const resultPath = `/app-h5/cloud/order/payment/result?orderId=${order.orderId}`;
    await page.goto(`${E2E.storefront}${order.h5PaymentUrl}&redirect_url=${encodeURIComponent(resultPath)}`);
    await expect(page.getByText(/sandbox/i).first()).toBeVisible();
    const back = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/sandbox/wechat/pay"));
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    expect((await back).headers()["location"]).toBe(resultPath);
    const status = await call<{ status: number }>("/v1/cloud/order/status", { orderId: order.orderId });
    expect(status.status).toBeGreaterThanOrEqual(8003);
  });

  test("provider scripts and notification paths answer on the storefront's origin", async ({ request }) => {
    const sdk = await request.get(`${E2E.storefront}/sandbox/paypal/sdk/js?client-id=sandbox&currency=USD`);
    expect(sdk.status()).toBe(200);
    expect(sdk.headers()["content-type"]).toMatch(/javascript/);
    const notify = await request.post(`${E2E.storefront}/v1/pay/notify/wechat`, { data: { forged: true } });
    expect(notify.status()).toBe(400);
    expect(await notify.json()).toMatchObject({ status: 400, msg: expect.stringMatching(/^notification rejected: /) });
  });
});
