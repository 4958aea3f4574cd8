import { expect, test } from "@playwright/test";
import { E2E } from "./ports.ts";

test.describe("browser error reports", () => {
  test("an error the browser throws shows the error page and reaches the DSN with the reference it shows, scrubbed", async ({ page }) => {
    const envelopes: string[] = [];
    await page.route(`${new URL(E2E.browserErrorDsn).origin}/api/1/envelope/**`, async (route) => {
      envelopes.push(route.request().postData() ?? "");
      await route.fulfill({ status: 200, contentType: "application/json", headers: { "access-control-allow-origin": "*" }, body: "{}" });
    });
    // The about page's module, as a broken release would ship it: it throws while rendering, in the browser.
    await page.route("**/assets/about-*.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: 'export default function About() { throw new Error("about failed for ann@example.com"); }' }),
    );
    await page.goto("/?language=en");
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    const reference = (await page.getByText(/^Reference for support:/).textContent())?.replace("Reference for support:", "").trim();
    expect(reference).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => envelopes.length).toBe(1);
    const event = JSON.parse(envelopes[0]!.split("\n")[2]!) as { tags: Record<string, string>; request: { url: string }; exception: { values: { value: string }[] } };
    expect(event.tags).toEqual({ trace: reference, worker: "browser" });
    expect(event.exception.values[0]?.value).toBe("about failed for [scrubbed]");
    expect(event.request.url).toBe(`${E2E.storefront}/about`);
  });

});
