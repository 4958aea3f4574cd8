import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importClosure, importCycles } from "./import-cycles.ts";
import { ROOT } from "./project.ts";

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "import-cycles-"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ imports: { "#domain/*": "./domain/*" } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("import circles", () => {
  it("finds a circle through a relative import and an alias, type-only imports included", () => {
    const root = project({
      "domain/a.ts": 'import { b } from "./b.ts";\nexport const a = b;',
      "domain/b.ts": 'import type { C } from "#domain/c.ts";\nexport const b = 1 as C;',
      "domain/c.ts": 'import { a } from "./a.ts";\nexport type C = typeof a;',
      "domain/d.ts": 'import { a } from "./a.ts";\nexport const d = a;',
    });
    expect(importCycles(root)).toEqual([["domain/a.ts", "domain/b.ts", "domain/c.ts"]]);
  });

  it("finds none in a tree of imports", () => {
    const root = project({ "domain/a.ts": 'import "./b.ts";', "domain/b.ts": 'import "#domain/c.ts";', "domain/c.ts": "export {};" });
    expect(importCycles(root)).toEqual([]);
  });

  it("finds none in this repository's sources", () => {
    expect(importCycles(ROOT)).toEqual([]);
  });
});

describe("import closures", () => {
  it("follows imports through relative paths and aliases, each file once", () => {
    const root = project({
      "domain/a.ts": 'import { b } from "./b.ts";\nimport "#domain/c.ts";',
      "domain/b.ts": 'import "#domain/c.ts";',
      "domain/c.ts": "export {};",
      "domain/d.ts": 'import "./a.ts";',
    });
    expect(importClosure(root, "domain/a.ts")).toEqual(["domain/b.ts", "domain/c.ts"]);
  });

  it("keeps the payment adapters out of the package list, a read path: it asks only which providers are configured", () => {
    const payments = importClosure(ROOT, "cloud-api/src/operations/package-list.ts").filter((file) => file.startsWith("cloud-api/src/payments/"));
    expect(payments).toEqual(["cloud-api/src/payments/configuration.ts"]);
  });
});
