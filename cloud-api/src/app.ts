import { z } from "zod";
import { Hono, type Context } from "hono";
import type { CloudApiEnv } from "#api/env.ts";
import { Status } from "#contract/codes.ts";
import { countryCode, csvColumnsOf, language } from "#contract/fields.ts";
import { ApiError } from "#api/core/errors.ts";
import { failure, success } from "#api/http/envelope.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "#api/http/openapi.ts";
import { API_DOCS_PATHS, apiDocsRoutes } from "#api/http/api-docs.ts";
import type { AnyOperation, RequestFacts } from "#api/http/operation.ts";
import { operatorEmailOf, verifySignedRequest, type SignedRequest } from "#api/http/signature.ts";
import { parseJsonBody, parseOrRefuse, readBodyText } from "#api/http/validation.ts";
import { operations } from "#api/operations/index.ts";
import { isProviderConfigured, sandboxEnabled } from "#api/payments/configuration.ts";
import { PROVIDER_NAMES } from "#domain/payment-methods.ts";
import { sandboxRoutes } from "#api/payments/sandbox/routes.ts";
import { handleNotification } from "#api/services/payment-events.ts";
import { dispatchEventsLeavingFailuresToTheCron } from "#api/services/webhooks.ts";
import { accessOf } from "#api/services/tokens.ts";
import { findTokenStatement, type TokenRow } from "#api/repositories/auth-tokens.ts";
import { findOperatorStatement, type OperatorRow } from "#api/repositories/operators.ts";
import { operatorAllowed } from "#api/services/operators.ts";
import { sha256Hex } from "#api/core/hashing.ts";
import { d1SessionFor } from "#api/http/d1-session.ts";
import { OWNER_CHECKS } from "#api/services/ownership.ts";
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

/** The buyer's headers, read as the body's fields of the same names are (English and China without them). */
const buyerHeaders = z.object({ appLanguage: language.optional(), countryCode: countryCode.optional() });
const NOTHING: Settled<undefined> = { ok: true, value: undefined };
const NOTHING_READ = Promise.resolve(NOTHING);

/**
 * A notification may have paid or refunded an order: its integration events go to their queue after the
 * answer, never before it. Without an execution context (the sandbox calling this app in-process) the
 * fulfilment queue or the cron hands them on.
 */
function relayAfterResponse(c: Context, env: CloudApiEnv): void {
  let ctx: Context["executionCtx"];
  try {
    ctx = c.executionCtx;
  } catch {
    return;
  }
  ctx.waitUntil(dispatchEventsLeavingFailuresToTheCron(env));
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
      const storage = d1SessionFor(c.env, c.req.raw, op.readOnly);
      // The appLanguage and countryCode headers are read as a body's fields are, and the input now, to start the
      // operation's first reads; all are refused only after the caller's checks: a bad signature or token answers
      // before bad input does.
      const headers = settle(() => parseOrRefuse(buyerHeaders, { appLanguage: c.req.header("appLanguage"), countryCode: c.req.header("countryCode") }));
      const facts: RequestFacts = {
        env: storage.env,
        request: c.req.raw,
        countryCode: (headers.ok ? headers.value.countryCode : undefined) ?? "CN",
        language: (headers.ok ? headers.value.appLanguage : undefined) ?? "en",
      };
      const input = settle(() => {
        valueOf(headers);
        return parseOrRefuse(inputSchema, op.method === "GET" ? Object.fromEntries(new URL(c.req.url).searchParams) : parseJsonBody(signed.body));
      });
      // The token is looked up on the primary in the replay check's batch, which writes there anyway: one
      // round trip, and a token minted a moment ago is found even where a replica has not seen it yet. The
      // row the owner check needs and the operation's first reads run beside it (docs/decisions/040, 048);
      // what they found or failed with waits until every check passed.
      // An operator call's operators row is read the same way (docs/decisions/057).
      const accessToken = op.access === "user" ? (c.req.header("accessToken") ?? "") : "";
      const tokenHash = accessToken ? await sha256Hex(accessToken) : "";
      const operatorEmail = op.access === "operator" ? operatorEmailOf(c.req.raw) : "";
      const owner = OWNER_CHECKS[op.owner];
      const [callerRow, [ownerRow, readFirst]] = await verifySignedRequest<TokenRow | OperatorRow, [Settled<unknown>, Settled<unknown>]>(signed, c.env, {
        caller: tokenHash
          ? { tokenHash, read: (db) => findTokenStatement(db, tokenHash, "access") }
          : op.access === "operator"
            ? { read: (db) => findOperatorStatement(db, operatorEmail) }
            : undefined,
        alongside: () =>
          input.ok
            ? Promise.all([
                settleAsync<unknown>(() => owner.read(storage.env.DB, input.value)),
                op.readsFirst ? settleAsync(() => op.readsFirst!({ db: storage.env.DB, primary: c.env.DB, input: input.value, tokenHash, facts })) : NOTHING_READ,
              ])
            : Promise.resolve([NOTHING, NOTHING]),
      });
      const user = op.access !== "user" ? null : accessOf(callerRow as TokenRow | null);
      const operator = op.role === undefined ? null : operatorAllowed(callerRow as OperatorRow | null, op.role);
      const given = valueOf(input);
      // The owner check's refusal wins over whatever the first reads found or failed with.
      const context = user
        ? { ...facts, userId: user.userId, owned: await owner.check(valueOf(ownerRow) as never, { env: storage.env, userId: user.userId }, given) }
        : operator
          ? { ...facts, operator }
          : facts;
      const data = await op.handle(context as never, given, valueOf(readFirst));
      // A CSV download is its stream, not the JSON envelope (contract/fields.ts csvStream).
      if (csvColumnsOf(op.output)) return storage.answer(new Response(op.output.parse(data) as ReadableStream, { headers: { "content-type": "text/csv; charset=utf-8" } }));
      return storage.answer(success(c, op.output.parse(data)));
    });
  }

  // A method a path does not take answers 405 naming the ones it does (RFC 9110 §15.5.6), not 404.
  for (const path of new Set(ops.map((op) => op.path))) {
    const allow = ops.flatMap((op) => (op.path !== path ? [] : op.method === "GET" ? ["GET", "HEAD"] : [op.method])).join(", ");
    app.all(path, (c) => {
      c.header("Allow", allow);
      return failure(c, Status.methodNotAllowed, `method not allowed: ${c.req.method} ${path} takes ${allow}`);
    });
  }

  // Unsigned, built on the first request of the isolate.
  let openApi: OpenApiDocument | undefined;
  app.get(API_DOCS_PATHS.document, (c) => c.json((openApi ??= buildOpenApiDocument(ops))));
  // Its reader, where API_DOCS is on.
  app.route("/", apiDocsRoutes());

  // Provider notifications are signed by the provider, not with the app secret (docs/architecture.md §3).
  app.post("/v1/pay/notify/:provider", async (c) => {
    const provider = PROVIDER_NAMES.find((name) => name === c.req.param("provider") && isProviderConfigured(c.env, name));
    if (!provider) return failure(c, Status.notFound, `no such payment provider: ${c.req.param("provider")}`);
    const acknowledgement = await handleNotification(c.env, provider, c.req.raw, await readBodyText(c.req.raw, "notification rejected"));
    relayAfterResponse(c, c.env);
    return acknowledgement;
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
