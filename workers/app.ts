import { createRequestHandler, RouterContextProvider } from "react-router";
import { checkSecrets, type StorefrontEnv } from "../app/.server/env.ts";
import { cloudflareContext } from "../app/context.ts";

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(request, env, ctx) {
    checkSecrets(env);
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return handleRequest(request, context);
  },
} satisfies ExportedHandler<StorefrontEnv>;
