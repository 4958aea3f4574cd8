import { describe, expect, it } from "vitest";
import { createLoadingCounter } from "./loading-counter.ts";

describe("reference-counted loading overlay (product-rules §4)", () => {
  it("opens on the first show and closes only when every show is matched by a hide", () => {
    const changes: boolean[] = [];
    const counter = createLoadingCounter((visible) => changes.push(visible));
    counter.show();
    counter.show();
    counter.show();
    counter.hide();
    counter.hide();
    expect(changes).toEqual([true]);
    counter.hide();
    expect(changes).toEqual([true, false]);
    expect(counter.count).toBe(0);
  });

  it("ignores a hide with nothing shown", () => {
    const changes: boolean[] = [];
    const counter = createLoadingCounter((visible) => changes.push(visible));
    counter.hide();
    counter.show();
    expect(changes).toEqual([true]);
    expect(counter.count).toBe(1);
  });
});
