import { createContext } from "react";

/** The server render's CSP nonce for <Scripts> and <ScrollRestoration>; empty in the browser. */
export const NonceContext = createContext("");
