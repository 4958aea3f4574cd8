/**
 * A fake payment provider on loopback for the adapter tests: a test opens its own session (a path
 * prefix /s/<id>, so test files running side by side never see each other), scripts the answers it
 * wants (status, headers, body, per method and path, consumed in order) and reads back the requests
 * the adapter made, headers and raw body included, to check them against the provider's documented
 * shape. Unscripted requests get a 404 naming them.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";

export interface ScriptedAnswer {
  method: string;
  /** The path after the session prefix, with or without its query string. */
  path: string;
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

interface Session {
  script: ScriptedAnswer[];
  recorded: RecordedRequest[];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function startFakeProvider(): Promise<{ url: string; server: Server }> {
  const sessions = new Map<string, Session>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await readBody(request);
    const send = (status: number, text: string, headers: Record<string, string> = { "content-type": "application/json" }) => {
      response.writeHead(status, headers);
      response.end(text);
    };
    const match = /^\/s\/([\w-]+)(\/.*)$/.exec(url.pathname);
    if (!match) return send(404, JSON.stringify({ error: "no session in the path" }));
    const [, id, pathname] = match as unknown as [string, string, string];
    let session = sessions.get(id);
    if (!session) sessions.set(id, (session = { script: [], recorded: [] }));
    if (pathname === "/__fake/script") {
      session.script.push(...(JSON.parse(body) as ScriptedAnswer[]));
      return send(204, "");
    }
    if (pathname === "/__fake/requests") return send(200, JSON.stringify(session.recorded));
    const path = pathname + url.search;
    session.recorded.push({ method: request.method ?? "GET", path, headers: request.headers as Record<string, string>, body });
    const index = session.script.findIndex((answer) => answer.method === request.method && (answer.path === path || answer.path === pathname));
    if (index < 0) return send(404, JSON.stringify({ error: `nothing scripted for ${request.method} ${path}` }));
    const [answer] = session.script.splice(index, 1);
    send(answer!.status, answer!.body ?? "", answer!.headers ?? { "content-type": "application/json" });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("fake provider has no port");
      resolve({ url: `http://127.0.0.1:${address.port}`, server });
    }),
  );
}
