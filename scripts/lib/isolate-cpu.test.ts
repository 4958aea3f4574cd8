import { expect, test } from "vitest";
import { busyTime } from "./isolate-cpu.ts";

const frame = (functionName: string) => ({ functionName, url: "", lineNumber: 0 });
/** (root) 1, the idle node 2, render 3, encode 4: samples of 200 µs, a long gap when workerd left the isolate idle. */
const profile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 3, 4] },
    { id: 2, callFrame: frame("(idle)") },
    { id: 3, callFrame: frame("render") },
    { id: 4, callFrame: frame("encode") },
  ],
  samples: [3, 3, 4, 3, 2, 4],
  // The first delta is from the profile's start to the first sample; each sample's time is the gap to the next.
  timeDeltas: [0, 200, 200, 200, 50_000, 200],
};

test("counts the samples the isolate was busy, not its idle samples, and a long gap after a sample as one interval", () => {
  const { busyMs, top } = busyTime(profile, 2);
  // render 200 + 200 + 200 (its last sample is followed by a 50 ms gap: idle, counted as one interval), encode 200 + 200 (the last sample: one interval).
  expect(busyMs).toBeCloseTo(1.0, 6);
  expect(top).toEqual([
    { name: "render :1", ms: 0.6, share: 60 },
    { name: "encode :1", ms: 0.4, share: 40 },
  ]);
});
