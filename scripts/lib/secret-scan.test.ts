import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanForSecrets } from "./secret-scan.ts";

function assets(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "assets-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const configured = { APP_ID: "camcloud-demo", APP_SECRET: "demo-secret-0123456789", LAUNCH_AES_KEY: "ab".repeat(32), SHORT: "abc" };

describe("scanForSecrets", () => {
  it("passes clean assets, the public app id and publishable keys", () => {
    const dir = assets({ "assets/app.js": 'const id="camcloud-demo";const pk="pk_test_sandbox";const task_list=1;', "favicon.svg": "<svg/>" });
    expect(scanForSecrets(dir, configured)).toEqual([]);
  });

  it.each([
    ["a configured secret's value", 'const s="demo-secret-0123456789"', "the value of APP_SECRET"],
    ["the launch key", `const k="${"ab".repeat(32)}"`, "the value of LAUNCH_AES_KEY"],
    ["a Stripe secret key", 'fetch(u,{headers:{Authorization:"Bearer sk_live_51Habcdefgh"}})', "a Stripe secret key"],
    ["a Stripe restricted key", 'const r="rk_test_abcdefghij"', "a Stripe secret key"],
    ["a webhook secret", 'const w="whsec_0123456789abcdef"', "a Stripe webhook secret"],
    ["a PEM private key", "const pem=`-----BEGIN PRIVATE KEY-----\\nMIIE`", "a private key"],
    ["an RSA private key", "-----BEGIN RSA PRIVATE KEY-----", "a private key"],
  ])("finds %s", (_, text, what) => {
    const dir = assets({ "assets/chunk-1.js": "ok", "assets/nested/chunk-2.js": text });
    expect(scanForSecrets(dir, configured)).toEqual([{ file: join("assets", "nested", "chunk-2.js"), what }]);
  });

  it("ignores values too short to tell apart from chance", () => {
    expect(scanForSecrets(assets({ "a.js": "abc abc" }), configured)).toEqual([]);
  });
});
