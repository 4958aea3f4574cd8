/**
 * The contract's checks against an upstream (docs/decisions/053): every /v1 endpoint of contract/endpoints.ts
 * is called with the header set as the product spec writes it (every request carries all nine headers, the
 * access token included, the token refresh too), and is expected to answer as docs/contract.md says:
 * a refused signature, a replayed header set and a missing or made-up token with their codes, bad input
 * generated from the endpoint's schema with 400 and never a 5xx, a valid call with 200 and an answer its
 * output schema reads, the token refresh, pagination, and the optional batch where the upstream offers it. Runs in Node (npm run conformance) and in
 * workerd (cloud-api/test/conformance.test.ts): what differs is given, not imported.
 */
import { z } from "zod";
import { envelope } from "./envelope.ts";
import * as contract from "./endpoints.ts";
import { Status } from "./codes.ts";
import { newNoticeStr, S2S_HEADERS, s2sSignature } from "./signature.ts";
import { DeviceType } from "#domain/services.ts";

export interface Upstream {
  /** Sends a request to the upstream, `path` from /v1 on. */
  fetch(path: string, init: RequestInit): Promise<Response>;
  appId: string;
  appSecret: string;
  /** The spec's request signature, md5(appid + secret + noticeStr + timestamp): Web Crypto has no MD5 in Node. */
  sign(appId: string, appSecret: string, noticeStr: string, timestamp: string): Promise<string>;
}

/** A user the run may act as: minted with the S2S credential, or tokens an operator hands it. */
export type Identity =
  | { s2sSecret: string; account: string }
  | { accessToken: string; refreshToken: string; tgAccessToken: string };

/** A card code the user received, and the device it was received on. */
export interface ReceivedCard {
  code: string;
  deviceId: string;
}

/** What the run cannot find for itself: the cards the card calls ask about, one of each kind. */
export interface DemoValues {
  vipCard?: ReceivedCard;
  storageCard?: ReceivedCard;
}

export interface CheckResult {
  endpoint: string;
  check: string;
  /** null: not checked, for want of a value to check it with. */
  ok: boolean | null;
  detail: string;
}

type AnyEndpoint = contract.Endpoint;
type Answer = { http: number; status: number | null; data: unknown };

/**
 * Every endpoint the contract declares (each export of contract/endpoints.ts is one), in its order, but the
 * operator console's: only the embedded cloud-api serves those (docs/decisions/057).
 */
const ENDPOINTS: [string, AnyEndpoint][] = Object.entries(contract).filter(([, endpoint]) => endpoint.access !== "operator");

const UNKNOWN_FIELD = "conformanceUnknownField";
/** A value no field of the contract takes: every field is a scalar. */
const WRONG_TYPE = { conformance: true };

export async function runConformance(upstream: Upstream, identity: Identity, demo: DemoValues = {}): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const record = (endpoint: string, check: string, ok: boolean | null, detail: string) => results.push({ endpoint, check, ok, detail });

  /** One call with the spec's header set; `headers` replaces any of them. */
  async function send(endpoint: AnyEndpoint, input: unknown, options: { accessToken?: string; headers?: Record<string, string>; rawBody?: string | undefined } = {}): Promise<Answer> {
    const noticeStr = newNoticeStr();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const isGet = endpoint.method === "GET";
    const body = isGet ? "" : (options.rawBody ?? JSON.stringify(input));
    const query = isGet ? `?${new URLSearchParams(input as Record<string, string>)}` : "";
    const headers: Record<string, string> = {
      appid: upstream.appId,
      noticeStr,
      timestamp,
      signature: await upstream.sign(upstream.appId, upstream.appSecret, noticeStr, timestamp),
      platform: "H5",
      appVersion: "2.0",
      countryCode: "CN",
      appLanguage: "en",
      accessToken: options.accessToken ?? "",
      ...(isGet ? {} : { "content-type": "application/json" }),
    };
    if (endpoint.access === "s2s" && "s2sSecret" in identity) {
      headers[S2S_HEADERS.timestamp] = timestamp;
      headers[S2S_HEADERS.signature] = await s2sSignature(identity.s2sSecret, { method: endpoint.method, path: endpoint.path, timestamp, noticeStr, body });
    }
    const response = await upstream.fetch(`${endpoint.path}${query}`, { method: endpoint.method, headers: { ...headers, ...options.headers }, body: isGet ? undefined : body });
    const answer = envelope.safeParse(await response.json().catch(() => null));
    return { http: response.status, status: answer.data?.status ?? null, data: answer.data?.data ?? null };
  }

  const describe = (answer: Answer) => `HTTP ${answer.http}, status ${answer.status ?? "none (not the contract's envelope)"}`;
  /** A refusal with the contract's code, and never a server error. */
  const expectStatus = (name: string, check: string, answer: Answer, status: number) =>
    record(name, check, answer.status === status && answer.http < 500, `${describe(answer)}; expected status ${status}`);

  // Who the run acts as: the S2S credential mints a token set as the companion app's backend does.
  let tokens: { accessToken: string; refreshToken: string; tgAccessToken: string };
  if ("s2sSecret" in identity) {
    const minted = await send(contract.issueToken, { account: identity.account });
    const read = contract.issueToken.output.safeParse(minted.data);
    record("issueToken", "mints a token set with the server-to-server credential", minted.status === Status.ok && read.success, describe(minted));
    if (!read.success) return results;
    tokens = read.data;
  } else {
    tokens = identity;
  }

  // The devices the demo values name: a camera, and a SIM device with its ICCID.
  const listed = await send(contract.deviceList, { tgAccessToken: tokens.tgAccessToken }, { accessToken: tokens.accessToken });
  const devices = contract.deviceList.output.safeParse(listed.data).data?.items ?? [];
  const camera = devices.find((device) => device.deviceType === DeviceType.camera);
  const sim = devices.find((device) => device.deviceType === DeviceType.sim && device.iccId);
  record("deviceList", "lists the user's devices (a camera and a SIM device to ask about)", Boolean(camera && sim), `${describe(listed)}; ${devices.length} devices`);

  // An order of the user's, found through the order lists, and pagination on the way.
  let orderId: string | undefined;
  for (const device of [camera, sim]) {
    for (let type = 1; device && type <= 6 && !orderId; type++) {
      const pages = await readAllPages(device.deviceId, type);
      orderId = pages[0];
    }
  }

  async function readAllPages(deviceId: string, type: number): Promise<string[]> {
    const seen: string[] = [];
    for (let pageNum = 1; pageNum <= 50; pageNum++) {
      const page = await send(contract.orderList, { deviceId, type, pageNum, pageSize: 5 }, { accessToken: tokens.accessToken });
      const read = contract.orderList.output.safeParse(page.data);
      if (page.status !== Status.ok || !read.success) {
        record("orderList", `page ${pageNum} of type ${type}`, false, describe(page));
        return seen;
      }
      const ids = read.data.orderList.map((order) => order.orderId);
      if (ids.length === 0) {
        if (seen.length > 0) record("orderList", `pages of ${deviceId} type ${type}: 5 a page, none twice, an empty page ends them`, true, `${seen.length} orders on ${pageNum - 1} pages`);
        return seen;
      }
      const repeated = ids.filter((id) => seen.includes(id));
      if (ids.length > 5 || repeated.length > 0) {
        record("orderList", `page ${pageNum} of ${deviceId} type ${type}`, false, `${ids.length} orders, ${repeated.length} already on earlier pages`);
        return seen;
      }
      seen.push(...ids);
    }
    record("orderList", `pages of ${deviceId} type ${type}`, false, "no empty page after 50 pages");
    return seen;
  }

  /**
   * A valid input of an endpoint from the demo values, by field name (optional fields too, when there is a
   * value); null when a required field has none.
   */
  function validInput(endpoint: AnyEndpoint): Record<string, unknown> | null {
    if (!(endpoint.input instanceof z.ZodObject)) return null;
    const aboutSim = "iccId" in endpoint.input.shape || endpoint.path.includes("/simcard/");
    // A card call asks about a card of its own kind, on the device that received it.
    const card = endpoint.path.includes("/vip-card/") ? demo.vipCard : endpoint.path.includes("/storage-card/") ? demo.storageCard : undefined;
    const values: Record<string, unknown> = {
      deviceId: card?.deviceId ?? (aboutSim ? sim : camera)?.deviceId,
      iccId: sim?.iccId,
      type: aboutSim ? 2 : 1,
      pageNum: 1,
      pageSize: 5,
      orderId,
      tgAccessToken: tokens.tgAccessToken,
      encryptCodeId: card?.code,
    };
    const input: Record<string, unknown> = {};
    for (const [field, schema] of Object.entries(endpoint.input.shape as Record<string, z.ZodType>)) {
      if (values[field] === undefined) {
        if (schema.safeParse(undefined).success) continue;
        return null;
      }
      input[field] = endpoint.method === "GET" ? String(values[field]) : values[field];
    }
    return input;
  }

  for (const [name, endpoint] of ENDPOINTS) {
    // Optional for an upstream: checked below, when it offers it.
    if (endpoint === contract.batch) continue;
    const token = endpoint.access === "user" ? tokens.accessToken : "";
    // A call that buys, cancels, receives or refunds is sent ids that name nothing, so that an upstream
    // that let a refused call through would still find nothing to act on.
    const valid = validInput(endpoint);
    const input = CHANGES_PURCHASES.has(endpoint) ? Object.fromEntries(Object.entries(valid ?? {}).map(([field, value]) => [field, typeof value === "string" ? "conformance-none" : value])) : (valid ?? {});

    expectStatus(name, "refuses a wrong signature", await send(endpoint, input, { accessToken: token, headers: { signature: "0".repeat(32) } }), Status.badSignature);
    if (endpoint.access === "user") {
      expectStatus(name, "refuses a call without an access token", await send(endpoint, input), Status.tokenInvalid);
      expectStatus(name, "refuses a made-up access token", await send(endpoint, input, { accessToken: `conformance-${newNoticeStr()}` }), Status.tokenInvalid);
    }
    if (endpoint.access === "s2s") {
      const withoutCredential = await send(endpoint, input, { headers: { [S2S_HEADERS.signature]: "0".repeat(64), [S2S_HEADERS.timestamp]: "0" } });
      expectStatus(name, "refuses a call without the server-to-server credential", withoutCredential, Status.badSignature);
      continue;
    }
    for (const [check, bad] of invalidInputs(endpoint, input)) {
      expectStatus(name, `refuses bad input: ${check}`, await send(endpoint, bad.input, { accessToken: token, rawBody: bad.rawBody }), Status.invalidParams);
    }

    if (CHANGES_PURCHASES.has(endpoint) || endpoint === contract.refreshToken) continue;
    if (!valid) {
      record(name, "answers a valid call", null, "no value for one of its fields (a user with a camera, a SIM device and an order; --vip-card and --storage-card for the card calls)");
      continue;
    }
    const answer = await send(endpoint, valid, { accessToken: tokens.accessToken });
    const read = endpoint.output.safeParse(answer.data);
    const problem = read.success ? "" : `: ${read.error.issues[0]?.path.join(".")}: ${read.error.issues[0]?.message}`;
    record(name, "answers a valid call with 200 and what its output schema reads", answer.status === Status.ok && read.success, `${describe(answer)}${problem}`);
  }

  await checkBatch();

  // A signed header set is usable once.
  const replayed = await replay(contract.userInfo, tokens.accessToken);
  expectStatus("userInfo", "refuses a replayed header set", replayed, Status.badSignature);

  // The token refresh as the spec writes it: with the access token header, and the new pair works.
  const refreshed = await send(contract.refreshToken, { js_refreshToken: tokens.refreshToken }, { accessToken: tokens.accessToken });
  const pair = contract.refreshToken.output.safeParse(refreshed.data);
  record("refreshToken", "rotates the refresh token, called with the access token header as the spec sends it", refreshed.status === Status.ok && pair.success, describe(refreshed));
  if (pair.success) {
    const withNew = await send(contract.userInfo, {}, { accessToken: pair.data.js_accessToken });
    expectStatus("refreshToken", "the new access token is accepted", withNew, Status.ok);
  }
  return results;

  /**
   * The batch (docs/decisions/061), which an upstream need not offer: one that answers it 404 is told so and
   * not checked further (the storefront sends such an upstream each call alone unless the region table says
   * otherwise). One that offers it must answer each carried call as the call answers alone, refuse whole what
   * may not be carried and more calls than the limit, check the token once, and not let a call it carried be
   * sent again alone with its header set.
   */
  async function checkBatch() {
    const name = "batch";
    const calls = contract.batch.carries
      .flatMap((endpoint) => {
        const input = validInput(endpoint);
        return input ? [{ endpoint, input }] : [];
      })
      .slice(0, contract.batch.maxCalls);
    const wire = (carried: typeof calls) => carried.map(({ endpoint, input }) => ({ path: endpoint.path, input }));
    const headers = await freshHeaders();
    const answered = await send(contract.batch, { calls: wire(calls) }, { accessToken: tokens.accessToken, headers });
    if (answered.http === 404 || answered.status === Status.notFound) {
      record(name, "offers the optional batch", null, `${describe(answered)}: not offered; the storefront sends this upstream each call alone unless UPSTREAM_REGIONS says it takes batches`);
      return;
    }
    const answers = contract.batch.output.safeParse(answered.data).data?.answers ?? [];
    record(name, `answers ${calls.length} carried calls with one envelope each, in order`, answered.status === Status.ok && answers.length === calls.length, `${describe(answered)}; ${answers.length} answers`);
    for (const [index, { endpoint, input }] of calls.entries()) {
      const alone = await send(endpoint, input, { accessToken: tokens.accessToken });
      const carried = answers[index];
      const same = carried !== undefined && carried.status === alone.status && JSON.stringify(carried.data ?? null) === JSON.stringify(alone.data);
      record(name, `answers ${endpoint.path} as it answers alone`, same, `batched status ${carried?.status ?? "none"}, alone ${describe(alone)}`);
    }
    const replayedAlone = await send(contract.userInfo, {}, { accessToken: tokens.accessToken, headers });
    expectStatus(name, "refuses its header set again for a call it carried, sent alone", replayedAlone, Status.badSignature);
    const first = wire(calls.slice(0, 1));
    expectStatus(name, "refuses whole a call it may not carry (a confirm)", await send(contract.batch, { calls: [...first, { path: contract.confirmOrderV2.path, input: {} }] }, { accessToken: tokens.accessToken }), Status.invalidParams);
    const tooMany = Array.from({ length: contract.batch.maxCalls + 1 }, () => first[0]);
    expectStatus(name, `refuses more than ${contract.batch.maxCalls} calls`, await send(contract.batch, { calls: tooMany }, { accessToken: tokens.accessToken }), Status.invalidParams);
    expectStatus(name, "refuses a made-up access token", await send(contract.batch, { calls: first }, { accessToken: `conformance-${newNoticeStr()}` }), Status.tokenInvalid);
    expectStatus(name, "refuses a wrong signature", await send(contract.batch, { calls: first }, { accessToken: tokens.accessToken, headers: { signature: "0".repeat(32) } }), Status.badSignature);
  }

  /** A signed header set of its own, to send twice. */
  async function freshHeaders() {
    const noticeStr = newNoticeStr();
    const timestamp = String(Math.floor(Date.now() / 1000));
    return { noticeStr, timestamp, signature: await upstream.sign(upstream.appId, upstream.appSecret, noticeStr, timestamp) };
  }

  async function replay(endpoint: AnyEndpoint, accessToken: string): Promise<Answer> {
    const headers = await freshHeaders();
    await send(endpoint, {}, { accessToken, headers });
    return send(endpoint, {}, { accessToken, headers });
  }
}

/** Endpoints that buy, cancel, receive or refund: a run against a live upstream sends them only input it must refuse. */
const CHANGES_PURCHASES = new Set<AnyEndpoint>([
  contract.confirmOrderV2,
  contract.confirmOrderV3,
  contract.orderCancel,
  contract.orderRepay,
  contract.vipCardReceive,
  contract.vipCardRefund,
  contract.storageCardRefund,
]);

/**
 * Bad inputs generated from an endpoint's schema: each required field missing, each field of a type no
 * field takes, each field past its length or its maximum (from the schema's JSON Schema, as the OpenAPI
 * document shows it), a field the contract does not name, and (for a POST) a body that is not JSON.
 */
function invalidInputs(endpoint: AnyEndpoint, valid: Record<string, unknown>): [string, { input?: unknown; rawBody?: string }][] {
  if (endpoint.method === "GET") return [[`unknown field ${UNKNOWN_FIELD}`, { input: { ...valid, [UNKNOWN_FIELD]: "1" } }]];
  const cases: [string, { rawBody: string }][] = [];
  const body = (value: unknown) => ({ rawBody: JSON.stringify(value) });
  cases.push([`unknown field ${UNKNOWN_FIELD}`, body({ ...valid, [UNKNOWN_FIELD]: 1 })], ["a body that is not JSON", { rawBody: "{not json" }]);
  if (!(endpoint.input instanceof z.ZodObject)) return cases;
  for (const [field, schema] of Object.entries(endpoint.input.shape as Record<string, z.ZodType>)) {
    if (!schema.safeParse(undefined).success) {
      const { [field]: _missing, ...rest } = valid;
      cases.push([`${field} missing`, body(rest)]);
    }
    cases.push([`${field} of the wrong type`, body({ ...valid, [field]: WRONG_TYPE })]);
  }
  const limits = z.toJSONSchema(endpoint.input, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, { maxLength?: number; maximum?: number }> };
  for (const [field, rule] of Object.entries(limits.properties ?? {})) {
    if (rule.maxLength !== undefined) cases.push([`${field} longer than ${rule.maxLength}`, body({ ...valid, [field]: "9".repeat(rule.maxLength + 1) })]);
    if (rule.maximum !== undefined) cases.push([`${field} above ${rule.maximum}`, body({ ...valid, [field]: rule.maximum + 1 })]);
  }
  return cases;
}
