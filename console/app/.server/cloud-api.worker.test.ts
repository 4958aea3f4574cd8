import { env, SELF } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Status } from "#contract/codes.ts";
import { operatorSession } from "#contract/endpoints.ts";
import { cloudflareContext, localeContext, operatorContext } from "../context.ts";
import type { ConsoleLocale } from "../i18n.ts";
import { callOperatorApi, OperatorApiError, type OperatorSession } from "./cloud-api.ts";
import type { ConsoleEnv } from "./env.ts";
import { withOperatorMessages } from "./errors.ts";

/** The console's upstream client against the real cloud-api (SELF: its router, the operator signature, the seeded operators). */
const consoleEnv = { APP_ID: env.APP_ID, APP_SECRET: env.APP_SECRET, OPERATOR_SECRET: env.OPERATOR_SECRET, CLOUD_API: SELF } as unknown as ConsoleEnv;

function contextOf(operator: Pick<OperatorSession, "email" | "role">, locale: ConsoleLocale = "en") {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: consoleEnv, ctx: {} as ExecutionContext });
  context.set(localeContext, locale);
  context.set(operatorContext, { name: "", refundLimits: null, ...operator });
  return context;
}

/** What a loader's work threw once withOperatorMessages had it. */
async function thrownBy(context: RouterContextProvider, error: unknown) {
  try {
    await withOperatorMessages(context, async () => {
      throw error;
    });
  } catch (thrown) {
    return thrown;
  }
  throw new Error("nothing was thrown");
}

describe("callOperatorApi", () => {
  it("calls an operator endpoint signed as the signed-in operator and answers its parsed output", async () => {
    const session = await callOperatorApi(contextOf({ email: "support@camcloud.example", role: "support" }), operatorSession, {});
    expect(session).toMatchObject({ email: "support@camcloud.example", role: "support" });
  });

  it("throws OperatorApiError with the cloud-api's status when it refuses (an email that is not an operator)", async () => {
    const call = callOperatorApi(contextOf({ email: "stranger@example.com", role: "admin" }), operatorSession, {});
    await expect(call).rejects.toBeInstanceOf(OperatorApiError);
    await expect(call).rejects.toMatchObject({ status: Status.notAnOperator, path: "/v1/operator/session" });
  });
});

describe("withOperatorMessages: a refusal becomes the page's message in the operator's language", () => {
  it("a role too low: the operator's role, in Chinese, as a 403", async () => {
    const thrown = await thrownBy(contextOf({ email: "viewer@camcloud.example", role: "viewer" }, "zh"), new OperatorApiError(Status.roleTooLow, "needs support", "/v1/operator/x"));
    expect(thrown).toMatchObject({ data: { message: "你的角色（只读）无权执行此操作。" }, init: { status: 403 } });
  });

  it("a conflict: the cloud-api's own message (who changed it and when), as a 409", async () => {
    const message = "admin@camcloud.example changed this package at 2026-11-26 16:40";
    const thrown = await thrownBy(contextOf({ email: "admin@camcloud.example", role: "admin" }), new OperatorApiError(Status.conflict, message, "/v1/operator/x"));
    expect(thrown).toMatchObject({ data: { message }, init: { status: 409 } });
  });

  it("no answer from the cloud-api: try again, as a 503", async () => {
    const thrown = await thrownBy(contextOf({ email: "admin@camcloud.example", role: "admin" }), new OperatorApiError("unavailable", "timeout", "/v1/operator/x"));
    expect(thrown).toMatchObject({ data: { message: "The cloud-api did not answer. Try again in a moment." }, init: { status: 503 } });
  });

  it("anything else is rethrown as it was, to be reported", async () => {
    const bug = new TypeError("x is undefined");
    expect(await thrownBy(contextOf({ email: "admin@camcloud.example", role: "admin" }), bug)).toBe(bug);
    const internal = new OperatorApiError(Status.internal, "boom", "/v1/operator/x");
    expect(await thrownBy(contextOf({ email: "admin@camcloud.example", role: "admin" }), internal)).toBe(internal);
  });
});
