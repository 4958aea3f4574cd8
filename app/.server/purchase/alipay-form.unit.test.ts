import { describe, expect, it } from "vitest";
import { parseProviderForm } from "./alipay-form.ts";

describe("parseProviderForm", () => {
  it("takes the action and the hidden fields, decoding entities", () => {
    const form = parseProviderForm(
      `<form name="alipaysubmit" method="post" action="/sandbox/alipay/gateway.do?charset=utf-8"><input type="hidden" name="subject" value="10 GB &amp; more"><input type="hidden" name="sign" value='ab"c'><input type="submit" value="ok"></form>`,
    );
    expect(form).toEqual({ action: "/sandbox/alipay/gateway.do?charset=utf-8", fields: [["subject", "10 GB & more"], ["sign", 'ab"c']] });
  });

  it("accepts an https gateway", () => {
    expect(parseProviderForm(`<form method="POST" action="https://openapi.alipay.com/gateway.do"></form>`)?.action).toBe("https://openapi.alipay.com/gateway.do");
  });

  it("refuses what is not a posted form to an https or same-origin address", () => {
    for (const html of [
      "",
      "no form here",
      `<form method="post" action="http://evil.example/x"></form>`,
      `<form method="post" action="javascript:alert(1)"></form>`,
      `<form method="post" action="//evil.example/x"></form>`,
      `<form action="/sandbox/alipay/gateway.do"></form>`,
      `<form method="post"></form>`,
    ]) {
      expect(parseProviderForm(html), html).toBeNull();
    }
  });

  it("ignores visible inputs and scripts", () => {
    const form = parseProviderForm(`<form method="post" action="/g"><input name="typed" value="x"><script>alert(1)</script><input type="hidden" name="a" value="1"></form>`);
    expect(form?.fields).toEqual([["a", "1"]]);
  });
});
