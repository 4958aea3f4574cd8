import { createContext } from "react-router";
import type { StorefrontEnv } from "./.server/env.ts";
import type { StorefrontSession } from "./.server/session/storage.ts";

/** Per-request values that the Worker entry and the root middleware put in the router context. */
export const cloudflareContext = createContext<{ env: StorefrontEnv; ctx: ExecutionContext }>();
export const sessionContext = createContext<StorefrontSession>();
/** The CSP nonce of this response: the inline scripts React Router renders carry it. */
export const nonceContext = createContext<string>("");
