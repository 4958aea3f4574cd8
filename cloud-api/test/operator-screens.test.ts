import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Status } from "#contract/codes.ts";
import { DEMO_GIVEN_UP_DELIVERIES, DEMO_OPERATORS } from "#demo/seed.ts";
import { updateOperatorStatement } from "#api/repositories/operators.ts";
import { operatorFetch } from "#test/signed-request.ts";

const ADMIN = DEMO_OPERATORS.admin.email;
const auditRows = async (objectId: string) =>
  (await env.DB.prepare("SELECT operator_email, role, action, before_json, after_json FROM operator_actions WHERE object_id = ? ORDER BY id").bind(objectId).all()).results;
const operatorRow = (email: string) => env.DB.prepare("SELECT name, role, enabled, version, updated_by FROM operators WHERE email = ?").bind(email).first();

describe("the operators screen's calls (docs/decisions/057)", () => {
  it("adds an operator with an audit row, and refuses the same email twice", async () => {
    const created = await operatorFetch("/v1/operator/operators/create", { email: "New.One@CamCloud.example", name: "New One", role: "support" });
    expect(created.body?.data).toMatchObject({ email: "new.one@camcloud.example", name: "New One", role: "support", enabled: true, version: 1, updatedBy: ADMIN });
    expect(await auditRows("new.one@camcloud.example")).toEqual([
      { operator_email: ADMIN, role: "admin", action: "operator.create", before_json: null, after_json: '{"name":"New One","role":"support","enabled":true}' },
    ]);
    const again = await operatorFetch("/v1/operator/operators/create", { email: "new.one@camcloud.example", name: "Twice", role: "admin" });
    expect(again.http).toBe(409);
    expect(again.body?.msg).toBe("new.one@camcloud.example is an operator already");
    expect(await operatorRow("new.one@camcloud.example")).toMatchObject({ name: "New One", role: "support" });
    expect(await auditRows("new.one@camcloud.example")).toHaveLength(1);
  });

  it("lists every operator, enabled first", async () => {
    const { body } = await operatorFetch("/v1/operator/operators/list", {});
    const emails = (body?.data.operators as { email: string; enabled: boolean }[]).map((operator) => operator.email);
    expect(emails).toEqual(expect.arrayContaining(Object.values(DEMO_OPERATORS).map((operator) => operator.email)));
    const enabled = (body?.data.operators as { enabled: boolean }[]).map((operator) => operator.enabled);
    expect(enabled).toEqual([...enabled].sort((a, b) => Number(b) - Number(a)));
  });

  it("changes a role and disables, each with before and after in the audit log; a disabled operator is refused at once", async () => {
    await operatorFetch("/v1/operator/operators/create", { email: "temp@camcloud.example", name: "Temp", role: "viewer" });
    const promoted = await operatorFetch("/v1/operator/operators/update", { email: "temp@camcloud.example", version: 1, role: "support" });
    expect(promoted.body?.data).toMatchObject({ role: "support", version: 2 });
    expect((await operatorFetch("/v1/operator/session", {}, { email: "temp@camcloud.example" })).body?.data).toMatchObject({ role: "support" });
    const disabled = await operatorFetch("/v1/operator/operators/update", { email: "temp@camcloud.example", version: 2, enabled: false });
    expect(disabled.body?.data).toMatchObject({ enabled: false, version: 3 });
    expect((await operatorFetch("/v1/operator/session", {}, { email: "temp@camcloud.example" })).body?.status).toBe(Status.notAnOperator);
    const rows = await auditRows("temp@camcloud.example");
    expect(rows.map((row) => [row.action, row.before_json, row.after_json])).toEqual([
      ["operator.create", null, '{"name":"Temp","role":"viewer","enabled":true}'],
      ["operator.role", '{"name":"Temp","role":"viewer","enabled":true}', '{"name":"Temp","role":"support","enabled":true}'],
      ["operator.disable", '{"name":"Temp","role":"support","enabled":true}', '{"name":"Temp","role":"support","enabled":false}'],
    ]);
  });

  it("refuses an edit made from a stale version, saying who changed it and when, and loses nothing", async () => {
    await operatorFetch("/v1/operator/operators/create", { email: "shared@camcloud.example", name: "Shared", role: "viewer" });
    await env.DB.prepare("INSERT INTO operators (email, name, role, created_at, updated_at) VALUES ('second.admin@camcloud.example', 'Second', 'admin', 0, 0)").run();
    // Two admins opened version 1; the second admin saves first.
    const first = await operatorFetch("/v1/operator/operators/update", { email: "shared@camcloud.example", version: 1, name: "Renamed" }, { email: "second.admin@camcloud.example" });
    expect(first.body?.status).toBe(200);
    const stale = await operatorFetch("/v1/operator/operators/update", { email: "shared@camcloud.example", version: 1, role: "admin" });
    expect(stale.http).toBe(409);
    expect(stale.body?.msg).toMatch(/^shared@camcloud\.example was changed by second\.admin@camcloud\.example at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ after the version you edited/);
    expect(await operatorRow("shared@camcloud.example")).toMatchObject({ name: "Renamed", role: "viewer", version: 2 });
    expect((await auditRows("shared@camcloud.example")).map((row) => row.action)).toEqual(["operator.create", "operator.rename"]);
  });

  it("refuses an admin demoting or disabling themself, and removing the last enabled admin, even when two try at once", async () => {
    const self = await operatorFetch("/v1/operator/operators/update", { email: ADMIN, version: 1, role: "viewer" });
    expect(self.http).toBe(409);
    expect(self.body?.msg).toBe("an admin cannot demote or disable themself; another admin can");

    // Two admins, each demoting the other at the same moment: one must stay.
    await env.DB.prepare("INSERT INTO operators (email, name, role, created_at, updated_at) VALUES ('rival@camcloud.example', 'Rival', 'admin', 0, 0) ON CONFLICT DO NOTHING").run();
    await env.DB.prepare("UPDATE operators SET enabled = 0 WHERE role = 'admin' AND email NOT IN (?, 'rival@camcloud.example')").bind(ADMIN).run();
    const versions = Object.fromEntries(
      (await env.DB.prepare("SELECT email, version FROM operators WHERE email IN (?, 'rival@camcloud.example')").bind(ADMIN).all<{ email: string; version: number }>()).results.map(
        (row) => [row.email, row.version],
      ),
    );
    const [a, b] = await Promise.all([
      operatorFetch("/v1/operator/operators/update", { email: "rival@camcloud.example", version: versions["rival@camcloud.example"], enabled: false }),
      operatorFetch("/v1/operator/operators/update", { email: ADMIN, version: versions[ADMIN], role: "support" }, { email: "rival@camcloud.example" }),
    ]);
    // Whichever lands first wins; the other is refused, as the last admin's change or as a caller disabled a moment ago.
    const statuses = [a.body?.status, b.body?.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect([Status.conflict, Status.notAnOperator]).toContain(statuses.find((status) => status !== 200));
    const admins = await env.DB.prepare("SELECT COUNT(*) AS n FROM operators WHERE role = 'admin' AND enabled = 1").first<{ n: number }>();
    expect(admins?.n).toBe(1);
  });

  it("refuses disabling the last enabled admin, even by an admin whose own role is read the same moment", async () => {
    // Only rival is an admin now, or only the demo admin: the remaining one cannot be removed by anyone else's edit.
    const row = await env.DB.prepare("SELECT email, version FROM operators WHERE role = 'admin' AND enabled = 1").first<{ email: string; version: number }>();
    await env.DB.prepare("INSERT INTO operators (email, name, role, created_at, updated_at) VALUES ('lone@camcloud.example', 'Lone', 'admin', 0, 0)").run();
    const other = await operatorFetch("/v1/operator/operators/update", { email: "lone@camcloud.example", version: 1, enabled: false }, { email: row!.email });
    expect(other.body?.status).toBe(200);
    // The statement itself guards it (a guard in code alone would race): demote the last one through the repository's statement.
    const result = await updateOperatorStatement(env.DB, { email: row!.email, version: row!.version, name: "X", role: "viewer", enabled: 1, by: "lone@camcloud.example", now: 1 }).run();
    expect(result.meta.changes).toBe(0);
  });

  it("refuses bad input with the field named, and a viewer or support operator altogether", async () => {
    const bad = await operatorFetch("/v1/operator/operators/create", { email: "not-an-email", name: "", role: "owner" });
    expect(bad.http).toBe(400);
    expect(bad.body?.msg).toMatch(/email/);
    for (const role of ["viewer", "support"] as const) {
      const answer = await operatorFetch("/v1/operator/operators/create", { email: "x@camcloud.example", name: "X", role: "viewer" }, { role });
      expect(answer.body).toMatchObject({ status: Status.roleTooLow, msg: expect.stringContaining("needs the admin role") });
    }
    expect(await operatorRow("x@camcloud.example")).toBeNull();
  });
});

describe("the audit log screen's call", () => {
  it("filters by operator, action and object, newest first, a page at a time", async () => {
    for (const n of [1, 2, 3]) await operatorFetch("/v1/operator/operators/create", { email: `page${n}@camcloud.example`, name: `Page ${n}`, role: "viewer" });
    const first = await operatorFetch("/v1/operator/audit/list", { operator: ADMIN.toUpperCase(), action: "operator.create", pageSize: 2 }, { role: "viewer" });
    const page1 = first.body?.data as { actions: { objectId: string; id: number; operatorEmail: string }[]; nextBefore: number | null };
    expect(page1.actions.map((row) => row.objectId)).toEqual(["page3@camcloud.example", "page2@camcloud.example"]);
    expect(page1.nextBefore).toBe(page1.actions[1]?.id);
    const second = await operatorFetch("/v1/operator/audit/list", { action: "operator.create", pageSize: 2, before: page1.nextBefore }, { role: "viewer" });
    expect((second.body?.data.actions as { objectId: string }[])[0]?.objectId).toBe("page1@camcloud.example");

    const one = await operatorFetch("/v1/operator/audit/list", { objectType: "operator", objectId: "page2@camcloud.example" }, { role: "viewer" });
    expect(one.body?.data).toEqual({
      actions: [
        {
          id: expect.any(Number),
          at: expect.any(Number),
          operatorEmail: ADMIN,
          role: "admin",
          action: "operator.create",
          objectType: "operator",
          objectId: "page2@camcloud.example",
          before: null,
          after: '{"name":"Page 2","role":"viewer","enabled":true}',
          note: null,
        },
      ],
      nextBefore: null,
    });
  });
});

describe("the deliveries screen's calls (docs/integration.md)", () => {
  const id = (n: number) => `msg_${String(n).padStart(32, "0")}`;
  /** An event about an order and its deliveries to two endpoints, in the states given. */
  async function eventWithDeliveries(n: number, orderId: string | null, states: Record<string, "pending" | "retrying" | "delivered" | "given_up">) {
    await env.DB.prepare("INSERT INTO webhook_events (id, type, dedupe_key, data, occurred_at, dispatched_at) VALUES (?, 'order.paid', ?, ?, 1000, 1000)")
      .bind(id(n), `test:${n}`, JSON.stringify(orderId ? { orderId } : { entitlementId: n }))
      .run();
    for (const [endpoint, state] of Object.entries(states)) {
      await env.DB.prepare(
        "INSERT INTO webhook_deliveries (event_id, endpoint, queued_at, attempts, last_status, last_error, delivered_at, dead_at) VALUES (?, ?, 1000, ?, ?, ?, ?, ?)",
      )
        .bind(id(n), endpoint, state === "pending" ? 0 : 3, state === "delivered" ? 200 : state === "pending" ? null : 503, state === "delivered" || state === "pending" ? null : "HTTP 503", state === "delivered" ? 1100 : null, state === "given_up" ? 1200 : null)
        .run();
    }
  }

  it("lists deliveries newest event first with their state, attempts, last error, event type and order, filtered and a page at a time", async () => {
    await eventWithDeliveries(901, "ORDER-HOOK-1", { erp: "delivered", video: "given_up" });
    await eventWithDeliveries(902, "ORDER-HOOK-2", { erp: "retrying", video: "pending" });
    const all = await operatorFetch("/v1/operator/deliveries/list", { pageSize: 3 }, { role: "viewer" });
    const page = all.body?.data as { deliveries: Record<string, unknown>[]; next: string | null; endpoints: string[] };
    expect(page.endpoints).toEqual([]);
    expect(page.deliveries.map((row) => [row.eventId, row.endpoint, row.state])).toEqual([
      [id(902), "erp", "retrying"],
      [id(902), "video", "pending"],
      [id(901), "erp", "delivered"],
    ]);
    expect(page.deliveries[0]).toMatchObject({ eventType: "order.paid", orderId: "ORDER-HOOK-2", attempts: 3, lastStatus: 503, lastError: "HTTP 503" });
    const rest = await operatorFetch("/v1/operator/deliveries/list", { pageSize: 3, after: page.next }, { role: "viewer" });
    expect((rest.body?.data.deliveries as Record<string, unknown>[]).slice(0, 1)).toEqual([expect.objectContaining({ eventId: id(901), endpoint: "video", state: "given_up", givenUpAt: 1200 })]);

    const givenUp = await operatorFetch("/v1/operator/deliveries/list", { state: "given_up", endpoint: "video" }, { role: "viewer" });
    expect((givenUp.body?.data.deliveries as Record<string, unknown>[]).map((row) => row.eventId)).toEqual([id(901)]);
    // The demo data's two given-up deliveries to the demo receiver, older than these, the later one first.
    const demo = await operatorFetch("/v1/operator/deliveries/list", { state: "given_up", endpoint: "demo" }, { role: "viewer" });
    expect((demo.body?.data.deliveries as Record<string, unknown>[]).map((row) => row.orderId)).toEqual(Object.values(DEMO_GIVEN_UP_DELIVERIES).map((delivery) => delivery.orderId).reverse());
    const ofOrder = await operatorFetch("/v1/operator/deliveries/list", { orderId: "ORDER-HOOK-2", endpoint: "video" }, { role: "viewer" });
    expect((ofOrder.body?.data.deliveries as Record<string, unknown>[]).map((row) => row.state)).toEqual(["pending"]);
  });

  it("sends a given-up delivery again for support, queued afresh with its attempts kept and an audit row; refuses a viewer", async () => {
    await eventWithDeliveries(903, "ORDER-HOOK-3", { erp: "given_up" });
    const viewer = await operatorFetch("/v1/operator/deliveries/resend", { eventId: id(903), endpoint: "erp" }, { role: "viewer" });
    expect(viewer.body).toMatchObject({ status: Status.roleTooLow, msg: expect.stringContaining("needs the support role") });

    const again = await operatorFetch("/v1/operator/deliveries/resend", { eventId: id(903), endpoint: "erp" }, { role: "support" });
    expect(again.body?.data).toMatchObject({ eventId: id(903), endpoint: "erp", state: "retrying", attempts: 3, givenUpAt: null, deliveredAt: null });
    expect(await auditRows(`${id(903)}/erp`)).toEqual([
      {
        operator_email: DEMO_OPERATORS.support.email,
        role: "support",
        action: "delivery.resend",
        before_json: '{"eventType":"order.paid","orderId":"ORDER-HOOK-3","state":"given_up","attempts":3,"lastError":"HTTP 503"}',
        after_json: '{"eventType":"order.paid","orderId":"ORDER-HOOK-3","state":"retrying","attempts":3,"lastError":"HTTP 503"}',
      },
    ]);
    const unknown = await operatorFetch("/v1/operator/deliveries/resend", { eventId: id(999), endpoint: "erp" }, { role: "support" });
    expect(unknown.http).toBe(404);
  });
});
