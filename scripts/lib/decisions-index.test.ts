import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "./project.ts";

const FOLDER = `${ROOT}docs/decisions/`;
const RECORD = /^(\d{3})(-[a-z])?-[a-z0-9-]+\.md$/;
const records = readdirSync(FOLDER).filter((name) => RECORD.test(name));
const index = readFileSync(`${FOLDER}README.md`, "utf8");
/** The numbers of the "Every record" table, in its order. */
const indexedNumbers = [...index.matchAll(/^\| (\d{3}) \|/gm)].map(([, number]) => number);

describe("the decisions index", () => {
  it("links every record", () => {
    for (const record of records) expect(index, record).toContain(`(${record})`);
  });

  it("has a line for every number up to the last, each once and in order, a skipped one saying so", () => {
    const last = Math.max(...records.map((record) => Number(record.slice(0, 3))));
    const expected = Array.from({ length: last }, (_, i) => String(i + 1).padStart(3, "0"));
    expect(indexedNumbers).toEqual(expected);
    for (const number of expected.filter((n) => !records.some((record) => record.startsWith(n)))) {
      expect(index, number).toMatch(new RegExp(`^\\| ${number} \\| skipped`, "m"));
    }
  });

  it("links no record that does not exist", () => {
    const linked = [...index.matchAll(/\]\(([^)]+\.md)\)/g)].map(([, target]) => target);
    for (const target of linked) expect(records, target).toContain(target);
  });
});
