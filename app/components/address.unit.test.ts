import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Address } from "./address.tsx";

describe("Address", () => {
  const breaks = (text: string) => renderToStaticMarkup(createElement(Address, { text })).replace(/<\/?span[^>]*>/g, "");
  it("lets an address break only after @ or / and before a dot, and reads unchanged", () => {
    expect(breaks("support@camcloud.example")).toBe("support@<wbr/>camcloud<wbr/>.example");
    expect(breaks("help.brand.example/support")).toBe("help<wbr/>.brand<wbr/>.example/<wbr/>support");
  });
});
