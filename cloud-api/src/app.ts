import { z } from "zod";
import { Hono } from "hono";
import type { CloudApiEnv } from "./env.ts";
import { ApiError, failure, Status, success } from "./http/envelope.ts";
import type { AnyOperation, RequestFacts } from "./http/operation.ts";
import { verifySignedRequest } from "./http/signature.ts";
import { parseOrRefuse, readJsonBody } from "./http/validation.ts";
import { operations } from "./operations/index.ts";
import { authenticate } from "./services/tokens.ts";

export function buildApp(ops: readonly AnyOperation[] = operations) {
  const app = new Hono<{ Bindings: CloudApiEnv }>();

  for (const op of ops) {
    // Unknown fields are refused (400 naming the field) rather than silently dropped.
    const inputSchema = op.input instanceof z.ZodObject ? op.input.strict() : op.input;
    app.on(op.method, op.path, async (c) => {
      await verifySignedRequest(c.req.raw, c.env);
      const facts: RequestFacts = {
        env: c.env,
        request: c.req.raw,
        countryCode: c.req.header("countryCode") ?? "CN",
        language: c.req.header("appLanguage") ?? "en",
      };
      const user = op.access === "user" ? await authenticate(c.env.DB, c.req.header("accessToken")) : null;
      const raw = op.method === "GET" ? Object.fromEntries(new URL(c.req.url).searchParams) : await readJsonBody(c.req.raw);
      const input = parseOrRefuse(inputSchema, raw);
      const data = await op.handle(user ? { ...facts, userId: user.userId } : facts, input);
      return success(c, op.output.parse(data));
    });
  }

  app.notFound((c) => failure(c, Status.notFound, `no such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((error, c) => {
    if (error instanceof ApiError) return failure(c, error.status, error.message);
    console.error("cloud-api internal error", error);
    return failure(c, Status.internal, "internal error");
  });
  return app;
}
