import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml } from "#platform/web-security.ts";
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { DEMO_OPERATORS } from "#demo/seed.ts";
import { ACCESS_JWT_HEADER, STAND_IN_KEY_PREFIX } from "#console/app/access-rules.ts";

/** The stand-in's own pages, under /cdn-cgi/access/ as Cloudflare's are (the console never serves that path). */
const ACCESS_PATH = "/cdn-cgi/access";
/** The cookie Access keeps its token in, on the application's hostname. */
const COOKIE = "CF_Authorization";
const TOKEN_SECONDS = 24 * 3600;

/** A link that signs `email` in at the stand-in on `consoleUrl` and opens the console's page `to`. */
export const signInLink = (consoleUrl: string, email: string, to = "/") => `${consoleUrl}${ACCESS_PATH}/sign-in?${new URLSearchParams({ email, to })}`;

/** Only a path of the console, never another origin. */
const samePath = (to: string | null) => (to && /^\/(?![/\\])/.test(to) ? to : "/");
const cookieOf = (request: IncomingMessage) =>
  (request.headers.cookie ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === COOKIE)?.[1];

/**
 * The local stand-in for Cloudflare Access in front of the console Worker (docs/decisions/056): what an operator
 * opens at http://127.0.0.1:8790. It signs RS256 JWTs shaped like Access's with a key made at start (its key id
 * starts with STAND_IN_KEY_PREFIX, which a console off the stand-in refuses), serves that key's JWKS at
 * /cdn-cgi/access/certs as a team domain does, signs a person in by a link (any email: the console decides whether
 * it is an operator) into the CF_Authorization cookie, and proxies every other request to the Worker with the token
 * in Cf-Access-Jwt-Assertion, dropping whatever Access headers the browser sent. The console Worker verifies it with
 * the same code as in production. Local only: it listens on 127.0.0.1.
 */
export async function startAccessStandIn(options: { port: number; worker: string; audience: string }) {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = `${STAND_IN_KEY_PREFIX}-${crypto.randomUUID().slice(0, 8)}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const keys = createLocalJWKSet({ keys: [jwk] });
  let issuer = "";

  const mint = (email: string) =>
    new SignJWT({ email, type: "app", identity_nonce: crypto.randomUUID(), country: "CN" })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(issuer)
      .setAudience([options.audience])
      .setSubject(crypto.randomUUID())
      .setIssuedAt()
      .setNotBefore("0s")
      .setExpirationTime(`${TOKEN_SECONDS}s`)
      .sign(privateKey);

  const html = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Cloudflare Access stand-in</title>${body}`);
  };

  const signInPage = (response: ServerResponse, to: string) =>
    html(
      response,
      200,
      `<h1>Sign in to the CamCloud console</h1><p>The local stand-in for Cloudflare Access. Sign in as a demo operator:</p><ul>${Object.entries(DEMO_OPERATORS)
        .map(([role, { email, name }]) => `<li><a href="${escapeHtml(signInLink("", email, to))}">${escapeHtml(name)}, ${escapeHtml(email)}</a> (${role})</li>`)
        .join("")}</ul><form method="get" action="${ACCESS_PATH}/sign-in"><input type="hidden" name="to" value="${escapeHtml(to)}"><label>Or any email <input type="email" name="email" required></label> <button>Sign in</button></form>`,
    );

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    if (url.pathname === `${ACCESS_PATH}/certs`) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname === `${ACCESS_PATH}/sign-in`) {
      const email = url.searchParams.get("email")?.trim().toLowerCase();
      if (!email) return signInPage(response, samePath(url.searchParams.get("to")));
      response.writeHead(302, { location: samePath(url.searchParams.get("to")), "set-cookie": `${COOKIE}=${await mint(email)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${TOKEN_SECONDS}` });
      response.end();
      return;
    }
    if (url.pathname === `${ACCESS_PATH}/logout`) {
      response.writeHead(302, { location: `${ACCESS_PATH}/sign-in`, "set-cookie": `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` });
      response.end();
      return;
    }
    const token = cookieOf(request);
    const verified = token ? await jwtVerify(token, keys, { issuer, audience: options.audience }).catch(() => null) : null;
    if (!token || !verified) {
      // Access sends a person without a valid session to its sign-in page.
      response.writeHead(302, { location: `${ACCESS_PATH}/sign-in?${new URLSearchParams({ to: url.pathname + url.search })}` });
      response.end();
      return;
    }
    const headers = { ...request.headers };
    for (const name of Object.keys(headers)) if (name.startsWith("cf-access-")) delete headers[name];
    headers[ACCESS_JWT_HEADER.toLowerCase()] = token;
    // Access adds the email too; the console never trusts it (a test proves the header alone is refused).
    headers["cf-access-authenticated-user-email"] = String(verified.payload.email);
    const target = new URL(options.worker);
    const upstream = forward({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", (error) => html(response, 502, `<p>The console Worker at ${escapeHtml(options.worker)} did not answer: ${escapeHtml(String(error))}</p>`));
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  issuer = url;
  return { url, close: () => server.close() };
}
