import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A local Sentry capture endpoint for tests: every envelope posted to it, as text, and the DSN that reaches it. */
export async function startSentryCapture(): Promise<{ dsn: string; envelopes: string[]; close: () => Promise<void> }> {
  const envelopes: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      envelopes.push(Buffer.concat(chunks).toString("utf8"));
      // A browser's fetch transport reads the answer cross-origin.
      response.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" }).end("{}");
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  return {
    dsn: `http://public@127.0.0.1:${(server.address() as AddressInfo).port}/1`,
    envelopes,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
