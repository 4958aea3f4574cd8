import { expect, test } from "@playwright/test";
import { E2E } from "./ports.ts";

test.describe("the cloud-api's OpenAPI reader at /v1/docs", () => {
  test("renders the document from this origin alone, with no policy violation or script error", async ({ page }) => {
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("request", (request) => {
      if (new URL(request.url()).origin !== E2E.api) elsewhere.push(request.url());
    });
    await page.goto(`${E2E.api}/v1/docs`);
    await expect(page.getByRole("heading", { level: 1, name: "CamCloud cloud-api" })).toBeVisible();
    // The first tag's operations, by their paths and the first one's summary from the contract.
    await expect(page.getByRole("heading", { level: 2, name: "user" })).toBeVisible();
    await expect(page.getByRole("link", { name: "post /v1/member/user/s2s/token" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Rotate a refresh token into a new access and refresh token pair" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Download OpenAPI Document as JSON" })).toBeVisible();
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
