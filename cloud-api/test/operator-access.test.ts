import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Status } from "#contract/codes.ts";
import { OPERATOR_ROLES, roleAllows } from "#contract/operator.ts";
import { OPERATOR_HEADERS, s2sSignature } from "#contract/signature.ts";
import { DEMO_OPERATORS } from "#demo/seed.ts";
import * as endpoints from "#contract/endpoints.ts";
import { buildApp } from "#api/app.ts";
import { checkSecrets, type CloudApiEnv } from "#api/env.ts";
import { operation } from "#api/http/operation.ts";
import { operations } from "#api/operations/index.ts";
import { auditStatement } from "#api/services/audit.ts";
import { callerHeaders, operatorFetch, operatorHeaders, S2S_TOKEN_PATH, s2sHeaders, signedFetch, signedHeaders, signIn } from "#test/signed-request.ts";

const OPERATOR_REFUSED = expect.objectContaining({ status: Status.badSignature, msg: expect.stringContaining("operator credential refused"), data: null });
/** Every operator endpoint the router serves, whoever added it: the matrix covers each one. */
const operatorOps = operations.filter((op) => op.access === "operator");
const otherOps = operations.filter((op) => op.access !== "operator");
const SESSION = "/v1/operator/session";

/** An operator call's input: the body for a POST, the query for a GET (`{}` in both: the role is checked before the input). */
async function callAs(op: (typeof operations)[number], email: string, extra: Record<string, string> = {}) {
  const body = op.method === "GET" ? "" : "{}";
  const headers = { ...(await signedHeaders("")), ...(await operatorHeaders({ method: op.method, path: op.path, body }, email)), ...extra };
  return signedFetch(op.path, undefined, { method: op.method, rawBody: body, headers });
}

describe("operator access on the wire (docs/decisions/057)", () => {
  it("knows at least the session endpoint, and every operator endpoint lives under /v1/operator/ with a least role", () => {
    expect(operatorOps.map((op) => op.path)).toContain(SESSION);
    for (const op of operatorOps) {
      expect(op.path, op.path).toMatch(/^\/v1\/operator\//);
      expect(OPERATOR_ROLES, op.path).toContain(op.role);
    }
    for (const op of otherOps) expect(op.path, op.path).not.toMatch(/^\/v1\/operator\//);
  });

  describe.each(operatorOps.map((op) => [`${op.method} ${op.path} (least role ${op.role})`, op] as const))("%s", (_name, op) => {
    it.each(OPERATOR_ROLES)("answers the %s as its least role declares: allowed, or 403 naming the role needed", async (role) => {
      const { http, body } = await callAs(op, DEMO_OPERATORS[role].email);
      if (roleAllows(role, op.role!)) {
        expect(http, JSON.stringify(body)).not.toBe(401);
        expect(http, JSON.stringify(body)).not.toBe(403);
      } else {
        expect(http).toBe(403);
        expect(body).toMatchObject({ status: Status.roleTooLow, msg: expect.stringContaining(`needs the ${op.role} role`), data: null });
      }
    });

    it("refuses the app signature alone, a user's access token and the plain server-to-server credential", async () => {
      const body = op.method === "GET" ? "" : "{}";
      const { accessToken } = await signIn();
      const app = await signedFetch(op.path, undefined, { method: op.method, rawBody: body });
      const user = await signedFetch(op.path, undefined, { method: op.method, rawBody: body, accessToken });
      const signed = await signedHeaders("");
      const s2s = await signedFetch(op.path, undefined, {
        method: op.method,
        rawBody: body,
        headers: { ...signed, ...(await s2sHeaders(op.path, body, signed.noticeStr ?? "", undefined, signed.timestamp)) },
      });
      for (const answer of [app, user, s2s]) {
        expect(answer.http).toBe(401);
        expect(answer.body).toEqual(OPERATOR_REFUSED);
      }
      // The operator credential does not make a user's token or the S2S credential beside it acceptable.
      expect((await callAs(op, DEMO_OPERATORS.admin.email, { accessToken })).body).toEqual(OPERATOR_REFUSED);
      const withS2s = await callAs(op, DEMO_OPERATORS.admin.email, { "x-s2s-timestamp": signed.timestamp ?? "", "x-s2s-signature": "0".repeat(64) });
      expect(withS2s.body).toEqual(OPERATOR_REFUSED);
    });

    it("refuses an email not in the operators table and a disabled operator's, whatever the role", async () => {
      const unknown = await callAs(op, "stranger@camcloud.example");
      expect(unknown.http).toBe(403);
      expect(unknown.body).toMatchObject({ status: Status.notAnOperator, data: null });
      await env.DB.prepare("INSERT INTO operators (email, name, role, enabled, created_at, updated_at) VALUES ('gone@camcloud.example', 'Gone', 'admin', 0, 0, 0) ON CONFLICT DO NOTHING").run();
      const disabled = await callAs(op, "gone@camcloud.example");
      expect(disabled.http).toBe(403);
      expect(disabled.body).toMatchObject({ status: Status.notAnOperator, data: null });
    });
  });

  describe.each(otherOps.map((op) => [`${op.method} ${op.path} (${op.access})`, op] as const))("%s", (_name, op) => {
    it("refuses the operator credential beside its own caller's", async () => {
      const body = op.method === "GET" ? "" : "{}";
      const { accessToken } = op.access === "user" ? await signIn() : { accessToken: "" };
      const own = await callerHeaders(op, body, accessToken);
      const operator = await operatorHeaders({ method: op.method, path: op.path, body });
      const headers = { ...own, ...Object.fromEntries(Object.values(OPERATOR_HEADERS).map((name) => [name, operator[name] ?? ""])) };
      const answer = await signedFetch(op.path, undefined, { method: op.method, rawBody: body, headers });
      expect(answer.http).toBe(401);
      expect(answer.body).toEqual(OPERATOR_REFUSED);
    });
  });

  it("checks the least role before the handler runs or the input is read, whichever role the endpoint names", async () => {
    for (const needed of OPERATOR_ROLES) {
      const handledBy: string[] = [];
      const guarded = operation({ ...endpoints.operatorSession, path: "/v1/operator/guarded", role: needed }, {
        readOnly: true,
        owner: "none",
        handle: async ({ operator }) => {
          handledBy.push(operator.role);
          return { email: operator.email, role: operator.role, name: operator.name, refundLimits: null };
        },
      });
      const app = buildApp([guarded]);
      for (const role of OPERATOR_ROLES) {
        const body = JSON.stringify({ unknownField: 1 });
        const headers = { ...(await signedHeaders("")), ...(await operatorHeaders({ path: "/v1/operator/guarded", body }, DEMO_OPERATORS[role].email)) };
        const response = await app.fetch(new Request("https://cloud-api.test/v1/operator/guarded", { method: "POST", headers, body }), env);
        const answer = (await response.json()) as { status: number; msg: string };
        // An allowed role reaches the input check; a refused one is told the role it needs, before its input is looked at.
        if (roleAllows(role, needed)) expect(answer.status, `${role} on ${needed}`).toBe(Status.invalidParams);
        else expect({ http: response.status, ...answer }, `${role} on ${needed}`).toMatchObject({ http: 403, status: Status.roleTooLow, msg: expect.stringContaining(`needs the ${needed} role`) });
      }
      const ok = { ...(await signedHeaders("")), ...(await operatorHeaders({ path: "/v1/operator/guarded", body: "{}" }, DEMO_OPERATORS.viewer.email)) };
      await app.fetch(new Request("https://cloud-api.test/v1/operator/guarded", { method: "POST", headers: ok, body: "{}" }), env);
      expect(handledBy).toEqual(needed === "viewer" ? ["viewer"] : []);
    }
  });

  it("answers the session from the operators table: email, role, name, and what each role may refund", async () => {
    const answers = await Promise.all(OPERATOR_ROLES.map((role) => operatorFetch(SESSION, {}, { role })));
    expect(answers.map((answer) => answer.body?.data)).toEqual([
      { email: DEMO_OPERATORS.viewer.email, role: "viewer", name: DEMO_OPERATORS.viewer.name, refundLimits: {} },
      { email: DEMO_OPERATORS.support.email, role: "support", name: DEMO_OPERATORS.support.name, refundLimits: { CNY: 50000, USD: 10000 } },
      { email: DEMO_OPERATORS.admin.email, role: "admin", name: DEMO_OPERATORS.admin.name, refundLimits: null },
    ]);
  });

  it("reads the role from the table, never from the caller, and finds an email in any case", async () => {
    await env.DB.prepare("INSERT INTO operators (email, name, role, created_at, updated_at) VALUES ('promoted@camcloud.example', 'Pat', 'viewer', 0, 0)").run();
    const asViewer = await operatorFetch(SESSION, {}, { email: "Promoted@CamCloud.example", headers: { "x-operator-role": "admin", role: "admin" } });
    expect(asViewer.body?.data).toMatchObject({ email: "promoted@camcloud.example", role: "viewer" });
    await env.DB.prepare("UPDATE operators SET role = 'admin' WHERE email = 'promoted@camcloud.example'").run();
    expect((await operatorFetch(SESSION, {}, { email: "promoted@camcloud.example" })).body?.data).toMatchObject({ role: "admin", refundLimits: null });
  });

  it("refuses a replayed operator call, another operator's email under a signature, a stale one, and an S2S signature offered as an operator's", async () => {
    const headers = { ...(await signedHeaders("")), ...(await operatorHeaders({ path: SESSION, body: "{}" }, DEMO_OPERATORS.viewer.email)) };
    expect((await signedFetch(SESSION, undefined, { rawBody: "{}", headers })).body?.status).toBe(200);
    const replayed = await signedFetch(SESSION, undefined, { rawBody: "{}", headers });
    expect(replayed.body).toMatchObject({ status: Status.badSignature, msg: "replayed request" });

    const fresh = { ...(await signedHeaders("")), ...(await operatorHeaders({ path: SESSION, body: "{}" }, DEMO_OPERATORS.viewer.email)) };
    const swapped = await signedFetch(SESSION, undefined, { rawBody: "{}", headers: { ...fresh, [OPERATOR_HEADERS.email]: DEMO_OPERATORS.admin.email } });
    expect(swapped.body).toEqual(OPERATOR_REFUSED);

    const stale = String(Math.floor(Date.now() / 1000) - 61);
    const old = await signedFetch(SESSION, undefined, { rawBody: "{}", headers: { ...fresh, [OPERATOR_HEADERS.timestamp]: stale } });
    expect(old.body).toEqual(OPERATOR_REFUSED);

    // A plain server-to-server signature is no operator credential, whichever key made it.
    const plain = await s2sSignature(env.S2S_SECRET, { method: "POST", path: SESSION, timestamp: fresh.timestamp ?? "", noticeStr: fresh.noticeStr ?? "", body: "{}" });
    const s2sAsOperator = await signedFetch(SESSION, undefined, {
      rawBody: "{}",
      headers: { ...fresh, [OPERATOR_HEADERS.timestamp]: fresh.timestamp ?? "", [OPERATOR_HEADERS.signature]: plain },
    });
    expect(s2sAsOperator.body).toEqual(OPERATOR_REFUSED);
  });

  it("takes the operator credential keyed with OPERATOR_SECRET only: one keyed with S2S_SECRET is refused, and so is every call where OPERATOR_SECRET is not configured", async () => {
    const call = async (operatorSecret: string, configured: Partial<typeof env> = {}) => {
      const headers = { ...(await signedHeaders("")), ...(await operatorHeaders({ path: SESSION, body: "{}" }, DEMO_OPERATORS.admin.email, operatorSecret)) };
      const response = await buildApp(operations).fetch(new Request(`https://cloud-api.test${SESSION}`, { method: "POST", headers, body: "{}" }), { ...env, ...configured });
      return { http: response.status, ...((await response.json()) as object) };
    };
    // The companion app's backend holds S2S_SECRET: a correct operator HMAC keyed with it is no operator's.
    expect(await call(env.S2S_SECRET)).toMatchObject({ http: 401, status: Status.badSignature, msg: "operator credential refused", data: null });
    expect(await call(env.OPERATOR_SECRET)).toMatchObject({ http: 200, status: 200, data: { email: DEMO_OPERATORS.admin.email, role: "admin" } });
    expect(await call(env.OPERATOR_SECRET, { OPERATOR_SECRET: undefined })).toMatchObject({ http: 401, status: Status.badSignature, msg: "operator credential refused", data: null });
  });

  it("does not take an operator's signature as the server-to-server credential", async () => {
    const rawBody = JSON.stringify({ account: "demo@camcloud.example" });
    const signed = await signedHeaders("");
    const operator = await operatorHeaders({ path: S2S_TOKEN_PATH, body: rawBody });
    const answer = await signedFetch(S2S_TOKEN_PATH, undefined, {
      rawBody,
      headers: { ...signed, "x-s2s-timestamp": operator[OPERATOR_HEADERS.timestamp] ?? "", "x-s2s-signature": operator[OPERATOR_HEADERS.signature] ?? "" },
    });
    expect(answer.http).toBe(401);
    expect(answer.body).toMatchObject({ status: Status.badSignature, msg: "server-to-server credential refused" });
  });
});

describe("SUPPORT_REFUND_LIMITS (docs/configuration.md)", () => {
  it("refuses to serve with limits that are not cents per currency code, naming the variable", () => {
    const base = env as unknown as CloudApiEnv;
    for (const bad of ['{"CNY": 500.5}', '{"cny": 100}', '{"USD": -1}', "[]", "{not json"]) {
      expect(() => checkSecrets({ ...base, SUPPORT_REFUND_LIMITS: bad }), bad).toThrow(/^cloud-api misconfigured: SUPPORT_REFUND_LIMITS: /);
    }
    expect(() => checkSecrets({ ...base, SUPPORT_REFUND_LIMITS: '{"EUR": 9000}' })).not.toThrow();
  });
});

describe("the audit log (docs/decisions/057)", () => {
  const audit = auditStatement(env.DB, {
    operator: { email: DEMO_OPERATORS.admin.email, role: "admin" },
    action: "operator.create",
    objectType: "operator",
    objectId: "new@camcloud.example",
    before: null,
    after: { role: "viewer" },
    note: "first day",
  });

  it("keeps each action with who, when, what, before and after", async () => {
    await audit.run();
    const row = await env.DB.prepare("SELECT * FROM operator_actions ORDER BY id DESC LIMIT 1").first();
    expect(row).toMatchObject({
      operator_email: DEMO_OPERATORS.admin.email,
      role: "admin",
      action: "operator.create",
      object_type: "operator",
      object_id: "new@camcloud.example",
      before_json: null,
      after_json: '{"role":"viewer"}',
      note: "first day",
      at: expect.any(Number),
    });
  });

  it("refuses every UPDATE and DELETE, whoever asks", async () => {
    await audit.run();
    await expect(env.DB.prepare("UPDATE operator_actions SET note = 'rewritten'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM operator_actions").run()).rejects.toThrow(/append-only/);
    const notes = await env.DB.prepare("SELECT note FROM operator_actions").all<{ note: string }>();
    expect(notes.results.length).toBeGreaterThan(0);
    expect(notes.results.map((row) => row.note)).not.toContain("rewritten");
  });

  it("is written to, never updated or deleted from, by any code of the cloud-api", () => {
    const sources = import.meta.glob<string>("../src/**/*.ts", { query: "?raw", import: "default", eager: true });
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    for (const [file, source] of Object.entries(sources)) {
      expect(source, file).not.toMatch(/(UPDATE|DELETE\s+FROM|REPLACE\s+INTO|INSERT\s+OR\s+REPLACE\s+INTO)\s+operator_actions\b/i);
    }
  });
});
