import { z } from "zod";
import { Hono } from "hono";
import type { CloudApiEnv } from "#api/env.ts";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { failure, success } from "#api/http/envelope.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "#api/http/openapi.ts";
import type { AnyOperation, RequestFacts } from "#api/http/operation.ts";
import { verifySignedRequest, type SignedRequest } from "#api/http/signature.ts";
import { parseJsonBody, parseOrRefuse, readBodyText } from "#api/http/validation.ts";
import { operations } from "#api/operations/index.ts";
import { isProviderConfigured, sandboxEnabled } from "#api/payments/configuration.ts";
import { PROVIDER_NAMES } from "#domain/payment-methods.ts";
import { sandboxRoutes } from "#api/payments/sandbox/routes.ts";
import { handleNotification } from "#api/services/payment-events.ts";
import { accessOf, refuseMissingToken } from "#api/services/tokens.ts";
import { findTokenStatement, type TokenRow } from "#api/repositories/auth-tokens.ts";
import { sha256Hex } from "#api/core/hashing.ts";
import { d1SessionFor } from "#api/http/d1-session.ts";
import { describeError, log } from "#platform/observability.ts";

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

function settle<T>(run: () => T): Settled<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}

const settleAsync = <T>(run: () => Promise<T>): Promise<Settled<T>> =>
  Promise.resolve()
    .then(run)
    .then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

function valueOf<T>(settled: Settled<T>): T {
  if (!settled.ok) throw settled.error;
  return settled.value;
}

export function buildApp(ops: readonly AnyOperation[] = operations) {
  const app = new Hono<{ Bindings: CloudApiEnv }>();

  for (const op of ops) {
    // Unknown fields are refused (400 naming the field) rather than silently dropped.
    const inputSchema = op.input instanceof z.ZodObject ? op.input.strict() : op.input;
    app.on(op.method, op.path, async (c) => {
      // A POST's input is its body: a query string beside it could only make a captured request look new.
      if (op.method === "POST" && new URL(c.req.url).search !== "") throw new ApiError(Status.invalidParams, "invalid params: query: a POST takes no query string");
      const signed: SignedRequest = {
        request: c.req.raw,
        access: op.access,
        path: op.path,
        body: op.method === "GET" ? "" : await readBodyText(c.req.raw),
      };
      const storage = d1SessionFor(c.env, c.req.raw, op.path);
      const facts: RequestFacts = {
        env: storage.env,
        request: c.req.raw,
        countryCode: c.req.header("countryCode") ?? "CN",
        language: c.req.header("appLanguage") ?? "en",
      };
      // The input is read now, to start the operation's first reads, but refused only after the caller's
      // checks: a bad signature or token answers before bad input does.
      const input = settle(() => parseOrRefuse(inputSchema, op.method === "GET" ? Object.fromEntries(new URL(c.req.url).searchParams) : parseJsonBody(signed.body)));
      // The token is looked up on the primary in the replay check's batch, which writes there anyway: one
      // round trip, and a token minted a moment ago is found even where a replica has not seen it yet. The
      // operation's first reads run beside it (docs/decisions/040); what they found or failed with waits
      // until every check passed.
      const accessToken = op.access === "user" ? (c.req.header("accessToken") ?? "") : "";
      const tokenHash = accessToken ? await sha256Hex(accessToken) : "";
      const [tokenRow, readFirst] = await verifySignedRequest<TokenRow, Settled<unknown>>(signed, c.env, {
        token: tokenHash ? (db) => findTokenStatement(db, tokenHash, "access") : undefined,
        alongside: () =>
          input.ok && op.readsFirst ? settleAsync(() => op.readsFirst!({ db: storage.env.DB, primary: c.env.DB, input: input.value, tokenHash, facts })) : Promise.resolve({ ok: true, value: undefined }),
      });
      const user = op.access !== "user" ? null : accessToken ? accessOf(tokenRow) : refuseMissingToken();
      const data = await op.handle(user ? { ...facts, userId: user.userId } : facts, valueOf(input), valueOf(readFirst));
      return storage.answer(success(c, op.output.parse(data)));
    });
  }

  // Unsigned, built on the first request of the isolate.
  let openApi: OpenApiDocument | undefined;
  app.get("/v1/openapi.json", (c) => c.json((openApi ??= buildOpenApiDocument(ops))));

  // Provider notifications are signed by the provider, not with the app secret (docs/architecture.md §3).
  app.post("/v1/pay/notify/:provider", async (c) => {
    const provider = PROVIDER_NAMES.find((name) => name === c.req.param("provider") && isProviderConfigured(c.env, name));
    if (!provider) return failure(c, Status.notFound, `no such payment provider: ${c.req.param("provider")}`);
    return handleNotification(c.env, provider, c.req.raw, await readBodyText(c.req.raw, "notification rejected"));
  });

  // The sandbox provider's checkout pages and scripts, only where the sandbox is on; its notifications
  // come back through this app.
  app.use("/sandbox/*", async (c, next) => (sandboxEnabled(c.env) ? next() : failure(c, Status.notFound, "the payment sandbox is off")));
  app.route("/sandbox", sandboxRoutes(async (request, env) => app.fetch(request, env)));

  app.notFound((c) => failure(c, Status.notFound, `no such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((error, c) => {
    if (error instanceof ApiError) return failure(c, error.status, error.message, error.reason);
    log("error", "internal-error", { error: describeError(error), stack: error instanceof Error ? error.stack : undefined });
    return failure(c, Status.internal, "internal error");
  });
  return app;
}
