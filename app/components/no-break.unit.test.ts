import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NoBreak } from "./no-break.tsx";

const html = (text: string) => renderToStaticMarkup(createElement(NoBreak, { text }));
const kept = (text: string) => [...html(text).matchAll(/<span class="whitespace-nowrap">([^<]*)<\/span>/g)].map(([, run]) => run);

describe("NoBreak", () => {
  it("keeps dates, amounts and references on one line and lets the words around them wrap", () => {
    expect(kept("in use until 2026-12-26 17:59:01 +08:00")).toEqual(["2026-12-26", "17:59:01", "+08:00"]);
    expect(kept("Referenz pay_DEMO2000001 über 2,49 $")).toEqual(["pay_DEMO2000001", "2,49"]);
  });

  it("keeps only the dates of a sentence without spaces, so that a Japanese or Chinese line still wraps (found at 320 px)", () => {
    expect(kept("今お支払いの場合：2027-01-15〜2027-02-14（現在のパッケージ終了後）")).toEqual(["2027-01-15", "2027-02-14"]);
    expect(kept("支付后：2027-01-15至2027-02-14")).toEqual(["2027-01-15", "2027-02-14"]);
  });
});
