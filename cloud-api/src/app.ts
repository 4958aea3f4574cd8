import { z } from "zod";
import { Hono, type Context } from "hono";
import type { CloudApiEnv } from "#api/env.ts";
import { httpStatusOf, Status } from "#contract/codes.ts";
import { batch, type Access } from "#contract/endpoints.ts";
import type { OperatorRole } from "#contract/operator.ts";
import { countryCode, csvColumnsOf, language } from "#contract/fields.ts";
import { ApiError } from "#api/core/errors.ts";
import { failure, succeeded, success } from "#api/http/envelope.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "#api/http/openapi.ts";
import { API_DOCS_PATHS, apiDocsRoutes } from "#api/http/api-docs.ts";
import type { AnyOperation, RequestFacts } from "#api/http/operation.ts";
import { refusalOf, settle, startCall, valueOf, type CallRequest, type CheckedCaller, type StartedCall } from "#api/http/call.ts";
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
import { requestReads } from "#api/services/request-reads.ts";
import { sha256Hex } from "#api/core/hashing.ts";
import { d1SessionFor } from "#api/http/d1-session.ts";

/** The buyer's headers, read as the body's fields of the same names are (English and China without them). */
const buyerHeaders = z.object({ appLanguage: language.optional(), countryCode: countryCode.optional() });

/**
 * What a signed request says about the calls it carries (one alone, or a batch's): the D1 session its policy
 * picks, the facts its headers give, and its access token's hash. The headers are refused only after the
 * caller's checks: a bad signature or token answers before bad input does.
 */
async function callRequestOf(c: Context<{ Bindings: CloudApiEnv }>, access: Access, readOnly: boolean) {
  const storage = d1SessionFor(c.env, c.req.raw, readOnly);
  const headers = settle(() => parseOrRefuse(buyerHeaders, { appLanguage: c.req.header("appLanguage"), countryCode: c.req.header("countryCode") }));
  const facts: RequestFacts = {
    env: storage.env,
    request: c.req.raw,
    countryCode: (headers.ok ? headers.value.countryCode : undefined) ?? "CN",
    language: (headers.ok ? headers.value.appLanguage : undefined) ?? "en",
  };
  const accessToken = access === "user" ? (c.req.header("accessToken") ?? "") : "";
  const request: CallRequest = { facts, primary: c.env.DB, tokenHash: accessToken ? await sha256Hex(accessToken) : "", reads: requestReads(facts.env.DB), headers };
  return { storage, request };
}

/**
 * Checks a request's signature, replay record and caller once, with its calls' first reads beside them, and
 * answers the caller every call runs for. A user call's token is looked up on the primary in the replay check's
 * batch, which writes there anyway: one round trip, and a token minted a moment ago is found even where a
 * replica has not seen it yet (docs/decisions/040, 048); an operator call's operators row is read the same way
 * and must hold `role` (docs/decisions/057).
 */
async function checkCaller(env: CloudApiEnv, signed: SignedRequest, tokenHash: string, calls: readonly StartedCall[], role?: OperatorRole): Promise<CheckedCaller> {
  const [callerRow] = await verifySignedRequest<TokenRow | OperatorRow, unknown>(signed, env, {
    caller: tokenHash
      ? { tokenHash, read: (db) => findTokenStatement(db, tokenHash, "access") }
      : signed.access === "operator"
        ? { read: (db) => findOperatorStatement(db, operatorEmailOf(signed.request)) }
        : undefined,
    alongside: () => Promise.all(calls.map((call) => call.startReads())),
  });
  if (signed.access === "user") return { userId: accessOf(callerRow as TokenRow | null).userId };
  if (role !== undefined) return { operator: operatorAllowed(callerRow as OperatorRow | null, role) };
  return null;
}

/** A POST's input is its body: a query string beside it could only make a captured request look new. */
function refuseQueryOnPost(c: Context) {
  if (new URL(c.req.url).search !== "") throw new ApiError(Status.invalidParams, "invalid params: query: a POST takes no query string");
}

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
    app.on(op.method, op.path, async (c) => {
      if (op.method === "POST") refuseQueryOnPost(c);
      const body = op.method === "GET" ? "" : await readBodyText(c.req.raw);
      const { storage, request } = await callRequestOf(c, op.access, op.readOnly);
      const call = startCall(op, () => (op.method === "GET" ? Object.fromEntries(new URL(c.req.url).searchParams) : parseJsonBody(body)), request);
      const caller = await checkCaller(c.env, { request: c.req.raw, access: op.access, path: op.path, body }, request.tokenHash, [call], op.role);
      const data = await call.finish(caller);
      // A CSV download is its stream, not the JSON envelope (contract/fields.ts csvStream).
      if (csvColumnsOf(op.output)) return storage.answer(new Response(data as ReadableStream, { headers: { "content-type": "text/csv; charset=utf-8" } }));
      return storage.answer(success(c, data));
    });
  }

  // Several calls in one signed request (docs/decisions/061): each runs through startCall as it would alone.
  const batchInput = batch.input.strict();
  const carriedOps = new Map(ops.filter((op) => batch.carries.some((carried) => carried.path === op.path)).map((op) => [op.path, op]));
  app.post(batch.path, async (c) => {
    refuseQueryOnPost(c);
    const body = await readBodyText(c.req.raw);
    const carried = settle(() =>
      parseOrRefuse(batchInput, parseJsonBody(body)).calls.map(({ path, input }, index) => {
        const op = carriedOps.get(path);
        if (!op) throw new ApiError(Status.notFound, `calls.${index}.path: no such endpoint: ${path}`);
        return { op, input };
      }),
    );
    // Only reads: a replica near the caller may answer the whole batch (docs/decisions/032).
    const { storage, request } = await callRequestOf(c, batch.access, carried.ok && carried.value.every(({ op }) => op.readOnly));
    const calls = carried.ok ? carried.value.map(({ op, input }) => startCall(op, () => input, request)) : [];
    const caller = await checkCaller(c.env, { request: c.req.raw, access: batch.access, path: batch.path, body }, request.tokenHash, calls);
    valueOf(request.headers);
    valueOf(carried);
    // One call's refusal is its own answer, never the batch's.
    const answers = await Promise.all(calls.map((call) => call.finish(caller).then(succeeded, refusalOf)));
    return storage.answer(success(c, { answers }));
  });

  // A method a path does not take answers 405 naming the ones it does (RFC 9110 §15.5.6), not 404.
  const routed = [...ops, batch];
  for (const path of new Set(routed.map((op) => op.path))) {
    const allow = routed.flatMap((op) => (op.path !== path ? [] : op.method === "GET" ? ["GET", "HEAD"] : [op.method])).join(", ");
    app.all(path, (c) => {
      c.header("Allow", allow);
      return failure(c, Status.methodNotAllowed, `method not allowed: ${c.req.method} ${path} takes ${allow}`);
    });
  }

  // Unsigned, built on the first request of the isolate.
  let openApi: OpenApiDocument | undefined;
  app.get(API_DOCS_PATHS.document, (c) => c.json((openApi ??= buildOpenApiDocument(routed))));
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
    const refusal = refusalOf(error);
    return c.json(refusal, httpStatusOf(refusal.status));
  });
  return app;
}
