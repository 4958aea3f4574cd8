import { describe, expect, it } from "vitest";
import removedPreview from "./preview-removed.ts";
import { previewAlias, previewComment, previewWorkers } from "./preview.ts";

describe("a branch's preview", () => {
  it("is aliased by a DNS-safe form of the branch that fits one label beside the longest Worker name", () => {
    expect(previewAlias("feature/Login_Page")).toBe("feature-login-page");
    expect(previewAlias("--fix--#42--")).toBe("fix-42");
    const long = previewAlias(`feature/${"a".repeat(30)}-b-${"c".repeat(30)}`);
    expect(long).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(`${long}-${previewWorkers().storefront}`.length).toBeLessThanOrEqual(63);
  });

  it("names the preview Workers of both configs' preview environment", () => {
    expect(previewWorkers()).toEqual({ cloudApi: "camcloud-api-preview", storefront: "camcloud-storefront-preview" });
  });

  it("is commented with both URLs, the commit, and who runs its queues and cron", () => {
    const comment = previewComment({
      alias: "feature-login-page",
      commit: "0123456789abcdef",
      storefront: "https://feature-login-page-camcloud-storefront-preview.acme.workers.dev",
      api: "https://feature-login-page-camcloud-api-preview.acme.workers.dev",
    });
    expect(comment).toContain("**Preview of `feature-login-page`** at 0123456");
    expect(comment).toContain("- storefront: https://feature-login-page-camcloud-storefront-preview.acme.workers.dev");
    expect(comment).toContain("- cloud-api: https://feature-login-page-camcloud-api-preview.acme.workers.dev/v1/docs");
    expect(comment).toContain("deployed version of the preview cloud-api");
  });

  it("once removed, answers 410 Gone and is not kept by any cache", async () => {
    const response = removedPreview.fetch();
    expect(response.status).toBe(410);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("This preview was removed with its branch.\n");
  });
});
