import { createContext } from "react-router";
import type { OperatorSession } from "./.server/cloud-api.ts";
import type { ConsoleEnv } from "./.server/env.ts";
import type { ConsoleLocale } from "./i18n.ts";

/** Per-request values the console Worker (.server/worker.ts) puts in the router context before any loader runs. */
export const cloudflareContext = createContext<{ env: ConsoleEnv; ctx: ExecutionContext }>();
/** The CSP nonce of this response: the inline scripts React Router renders carry it. */
export const nonceContext = createContext<string>("");
export const localeContext = createContext<ConsoleLocale>("en");
/** The operator Access signed in and the cloud-api knows (POST /v1/operator/session). */
export const operatorContext = createContext<OperatorSession>();
