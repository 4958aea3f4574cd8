/**
 * docs/contract.md request signature: md5_hex_lower(appid + appSecret + noticeStr + timestamp).
 * MD5 comes from Web Crypto, which Workers support as an extension.
 */
export async function requestSignature(appId: string, appSecret: string, noticeStr: string, timestamp: string): Promise<string> {
  const bytes = new TextEncoder().encode(appId + appSecret + noticeStr + timestamp);
  const digest = await crypto.subtle.digest("MD5", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A random 8-digit number, the spec's noticeStr. */
export function newNoticeStr(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(10_000_000 + ((n ?? 0) % 90_000_000));
}

export const SIGNATURE_WINDOW_SECONDS = 300;

/**
 * docs/contract.md server-to-server identity: the app signature ships inside every companion app, so a
 * call that mints a user's tokens also carries an HMAC-SHA256, keyed with S2S_SECRET (which never
 * ships in an app), over the method, the path, the timestamp, the request's noticeStr and the SHA-256 of
 * the body. Covering noticeStr makes the replay check of the request signature cover this credential too.
 */
export const S2S_HEADERS = { timestamp: "x-s2s-timestamp", signature: "x-s2s-signature" } as const;
export const S2S_WINDOW_SECONDS = 60;

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The lines the server-to-server HMAC covers, in order, joined by "\n": what signs and what the OpenAPI
 * document tells a backend to sign are both written from this list, so that they cannot drift apart.
 */
export const S2S_SIGNED_LINES = {
  METHOD: "the HTTP method in capitals",
  path: "the URL's path, without the query",
  timestamp: `the ${S2S_HEADERS.timestamp} header`,
  noticeStr: "the noticeStr header",
  "sha256_hex(body)": "the lower-case hex SHA-256 of the body's bytes as sent",
} as const;
type SignedLine = keyof typeof S2S_SIGNED_LINES;

/** The formula as the document states it: `METHOD\npath\n...`. */
export const S2S_SIGNED_TEXT = Object.keys(S2S_SIGNED_LINES).join("\\n");

export async function s2sSignature(
  secret: string,
  request: { method: string; path: string; timestamp: string; noticeStr: string; body: string },
): Promise<string> {
  const lines: Record<SignedLine, string> = {
    METHOD: request.method.toUpperCase(),
    path: request.path,
    timestamp: request.timestamp,
    noticeStr: request.noticeStr,
    "sha256_hex(body)": await sha256HexOf(request.body),
  };
  return hmacOverLines(secret, (Object.keys(S2S_SIGNED_LINES) as SignedLine[]).map((line) => lines[line]));
}

/** The lower-case hex SHA-256 of a text's UTF-8 bytes. */
async function sha256HexOf(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Hex HMAC-SHA256 keyed with `secret` of `lines` joined by "\n": the server-to-server and the operator credentials. */
async function hmacOverLines(secret: string, lines: readonly string[]): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(lines.join("\n"))));
}

/**
 * The operator credential (docs/decisions/057): the console's calls carry the operator's email, covered by an
 * HMAC keyed with OPERATOR_SECRET, which only the console and the cloud-api hold (never S2S_SECRET: the
 * companion app's backend holds that one), over a text whose first line names it an operator call.
 */
export const OPERATOR_HEADERS = { email: "x-operator-email", timestamp: "x-operator-timestamp", signature: "x-operator-signature" } as const;
export const OPERATOR_CALL_LINE = "camcloud-operator-call";

export const OPERATOR_SIGNED_LINES = {
  [OPERATOR_CALL_LINE]: "the text camcloud-operator-call itself",
  METHOD: "the HTTP method in capitals",
  path: "the URL's path, without the query",
  timestamp: `the ${OPERATOR_HEADERS.timestamp} header`,
  noticeStr: "the noticeStr header",
  email: `the ${OPERATOR_HEADERS.email} header as sent`,
  "sha256_hex(body)": "the lower-case hex SHA-256 of the body's bytes as sent",
} as const;
type OperatorSignedLine = keyof typeof OPERATOR_SIGNED_LINES;

/** The formula as the document states it. */
export const OPERATOR_SIGNED_TEXT = Object.keys(OPERATOR_SIGNED_LINES).join("\\n");

export async function operatorSignature(
  secret: string,
  request: { method: string; path: string; timestamp: string; noticeStr: string; email: string; body: string },
): Promise<string> {
  const lines: Record<OperatorSignedLine, string> = {
    [OPERATOR_CALL_LINE]: OPERATOR_CALL_LINE,
    METHOD: request.method.toUpperCase(),
    path: request.path,
    timestamp: request.timestamp,
    noticeStr: request.noticeStr,
    email: request.email,
    "sha256_hex(body)": await sha256HexOf(request.body),
  };
  return hmacOverLines(secret, (Object.keys(OPERATOR_SIGNED_LINES) as OperatorSignedLine[]).map((line) => lines[line]));
}
