import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** What the demo receiver keeps of each delivery it got. */
export interface ReceivedEvent {
  webhookId: string | null;
  webhookTimestamp: string | null;
  /** Whether the standardwebhooks library verified the signature with the demo endpoint's secret. */
  verified: boolean;
  /** Why verification failed, when it did. */
  error: string | null;
  receivedAt: string;
  /** The parsed body ({ type, timestamp, data }); null when it is not JSON. */
  payload: unknown;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
};

const parseOrNull = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

/**
 * The demo receiver of integration events that `npm start` and the e2e servers run, as a brand's system
 * would receive them (docs/integration.md): a POST to any path is verified with the library and kept (204
 * when it verifies, 400 when not, so the cloud-api retries); `GET /events` answers JSON of everything
 * received, newest last. Local only: it listens on 127.0.0.1 and keeps events in memory.
 */
export async function startWebhookReceiver(options: { port: number; secret: string }) {
  const webhook = new Webhook(options.secret);
  const received: ReceivedEvent[] = [];
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://receiver").pathname;
    // A browser opening /events asks for /favicon.ico: the brand's icon, the one the storefront serves (public/).
    if (request.method === "GET" && (path === "/favicon.ico" || path === "/favicon.svg")) {
      response.writeHead(200, { "content-type": "image/svg+xml" });
      response.end(readFileSync(new URL("../../public/favicon.svg", import.meta.url)));
      return;
    }
    if (request.method === "GET" && path === "/events") {
      response.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      response.end(JSON.stringify({ events: received }, null, 2));
      return;
    }
    if (request.method !== "POST") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      response.end("The demo receiver takes integration events by POST; GET /events lists what it received.");
      return;
    }
    const body = await readBody(request);
    const headers = { "webhook-id": header(request, "webhook-id") ?? "", "webhook-timestamp": header(request, "webhook-timestamp") ?? "", "webhook-signature": header(request, "webhook-signature") ?? "" };
    let error: string | null = null;
    try {
      webhook.verify(body, headers);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    received.push({
      webhookId: header(request, "webhook-id"),
      webhookTimestamp: header(request, "webhook-timestamp"),
      verified: error === null,
      error,
      receivedAt: new Date().toISOString(),
      payload: parseOrNull(body),
    });
    response.writeHead(error === null ? 204 : 400);
    response.end();
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return { url, close: () => server.close() };
}

/** The cloud-api's WEBHOOK_ENDPOINTS naming the demo receiver on `port`, whose secret is "demo" in WEBHOOK_SECRETS (.dev.vars). */
export const demoEndpoints = (port: number) => JSON.stringify({ demo: `http://127.0.0.1:${port}/webhooks` });

/** The demo endpoint's secret from the local secrets (.dev.vars, from .dev.vars.example). */
export function demoSecret(vars: Record<string, string>): string {
  const secret = (JSON.parse(vars.WEBHOOK_SECRETS ?? "{}") as Record<string, string>).demo;
  if (!secret) throw new Error('.dev.vars has no WEBHOOK_SECRETS entry for "demo" (see .dev.vars.example)');
  return secret;
}
