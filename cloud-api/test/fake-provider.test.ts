import { expect, it } from "vitest";
import { openFakeProvider } from "#test/fake-provider/client.ts";

it("the fake provider answers in scripted order, records raw requests and keeps sessions apart", async () => {
  const fake = openFakeProvider();
  await fake.script({ method: "POST", path: "/x", status: 500, body: "{}" }, { method: "POST", path: "/x", status: 200, body: '{"ok":1}' });
  const a = await fetch(`${fake.baseUrl}/x`, { method: "POST", body: "a" });
  const b = await fetch(`${fake.baseUrl}/x?q=1`, { method: "POST", body: "b", headers: { "x-y": "z" } });
  expect([a.status, b.status]).toEqual([500, 200]);
  const requests = await fake.requests();
  expect(requests.map((r) => [r.path, r.body])).toEqual([["/x", "a"], ["/x?q=1", "b"]]);
  expect(requests[1]!.headers["x-y"]).toBe("z");
  expect((await openFakeProvider().requests()).length).toBe(0);
});
