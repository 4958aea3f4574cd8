import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "./project.ts";

interface LockedPackage {
  optionalDependencies?: Record<string, string>;
}
const locked = (JSON.parse(readFileSync(`${ROOT}package-lock.json`, "utf8")) as { packages: Record<string, LockedPackage> }).packages;

/** Where npm would find `name` for the package at `from`: its own node_modules, then each parent's, then the top. */
function resolvedFrom(from: string, name: string): string | undefined {
  for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf("/node_modules/")))) {
    const path = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (locked[path]) return path;
    if (!base) return undefined;
  }
}

describe("package-lock.json", () => {
  it("holds every optional platform package, so that npm ci installs on macOS, Windows and Linux alike", () => {
    const missing = Object.entries(locked).flatMap(([path, meta]) =>
      Object.keys(meta.optionalDependencies ?? {}).filter((name) => !resolvedFrom(path, name)).map((name) => `${path} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
