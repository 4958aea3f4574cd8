import { describe, expect, it } from "vitest";
import { z } from "zod";
import { demoSecretRefusedInProduction } from "./demo-secrets.ts";

const settings = z.object({ ENVIRONMENT: z.string().optional(), OPERATOR_SECRET: z.string().optional() }).refine(...demoSecretRefusedInProduction("OPERATOR_SECRET"));
const issues = (env: z.input<typeof settings>) => settings.safeParse(env).error?.issues.map(({ path, message }) => ({ path, message })) ?? [];

describe("the demo-secret check both Workers' settings make", () => {
  it("refuses a demo value in production however spelt or padded, naming the setting", () => {
    for (const secret of ["demo-operator-9c2e7b4a", " DEMO-operator-9c2e7b4a", "Demo-x\n"]) {
      expect(issues({ ENVIRONMENT: "production", OPERATOR_SECRET: secret })).toEqual([{ path: ["OPERATOR_SECRET"], message: 'a demo value (starting with "demo-") is refused in production' }]);
    }
  });

  it("lets a demo value run locally and in previews, and any other value or none in production", () => {
    for (const env of [{ ENVIRONMENT: "local", OPERATOR_SECRET: "demo-x" }, { ENVIRONMENT: "preview", OPERATOR_SECRET: "demo-x" }, { OPERATOR_SECRET: "demo-x" }, { ENVIRONMENT: "production", OPERATOR_SECRET: "a-real-secret-demo-" }, { ENVIRONMENT: "production" }]) {
      expect(issues(env)).toEqual([]);
    }
  });
});
