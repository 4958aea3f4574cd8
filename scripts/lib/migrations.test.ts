import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "./project.ts";

/**
 * Migrations expand, then contract (docs/operations.md): a deploy applies them before the new Workers start,
 * so for a while the version still running reads the new schema. A migration may drop or rename only what
 * that version no longer reads: the code of the commit before the migration was added (HEAD for one not
 * committed yet) names none of the tables or columns it takes away.
 */
const FOLDERS = ["cloud-api/migrations", "app/.server/session/migrations"];
const READERS = ["cloud-api/src", "app"];
/** Migrations written before this rule, whose drop shipped with the code that stopped reading it. */
const BEFORE_THE_RULE = new Set(["cloud-api/migrations/0007_rate_limits_leave_d1.sql"]);

const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();

/** The names a migration takes away: dropped or renamed tables, views and columns, less those it makes again (a table rebuild). */
export function namesTakenAway(sql: string): string[] {
  const code = sql.replace(/--.*$/gm, "");
  const gone = [
    ...code.matchAll(/\bDROP\s+(?:TABLE|VIEW)\s+(?:IF\s+EXISTS\s+)?"?(\w+)"?/gi),
    ...code.matchAll(/\bALTER\s+TABLE\s+"?(\w+)"?\s+RENAME\s+TO\b/gi),
    ...code.matchAll(/\bDROP\s+COLUMN\s+"?(\w+)"?/gi),
    ...code.matchAll(/\bRENAME\s+COLUMN\s+"?(\w+)"?\s+TO\b/gi),
  ].map((match) => match[1]!.toLowerCase());
  const made = [
    ...code.matchAll(/\bCREATE\s+(?:TABLE|VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?/gi),
    ...code.matchAll(/\bRENAME\s+(?:COLUMN\s+"?\w+"?\s+)?TO\s+"?(\w+)"?/gi),
  ].map((match) => match[1]!.toLowerCase());
  return [...new Set(gone.filter((name) => !made.includes(name)))];
}

/**
 * The commit whose code runs while this migration is applied: the parent of the commit that added it; HEAD for a
 * migration not committed yet, or where a shallow clone has no parent (then only today's code is checked).
 */
function runningVersion(file: string): string {
  const added = git("log", "--diff-filter=A", "--format=%H", "--", file).split("\n").filter(Boolean).at(-1);
  const parent = added && spawnSync("git", ["rev-parse", "--verify", "--quiet", `${added}^`], { cwd: ROOT }).status === 0;
  return parent ? `${added}^` : "HEAD";
}

describe("migrations", () => {
  it("recognise what a migration takes away, and a table rebuild as taking nothing", () => {
    expect(namesTakenAway("DROP TABLE rate_limits;")).toEqual(["rate_limits"]);
    expect(namesTakenAway("ALTER TABLE orders RENAME COLUMN pay_type TO method;")).toEqual(["pay_type"]);
    expect(namesTakenAway("ALTER TABLE orders DROP COLUMN note; -- DROP TABLE users")).toEqual(["note"]);
    expect(namesTakenAway("CREATE TABLE orders_new (id TEXT); INSERT INTO orders_new SELECT * FROM orders; DROP TABLE orders; ALTER TABLE orders_new RENAME TO orders;")).toEqual([]);
  });

  const files = FOLDERS.flatMap((folder) => readdirSync(`${ROOT}${folder}`).filter((name) => name.endsWith(".sql")).map((name) => `${folder}/${name}`));
  for (const file of files.filter((name) => !BEFORE_THE_RULE.has(name))) {
    it(`${file} takes away nothing the version running before it reads`, () => {
      const version = runningVersion(file);
      for (const name of namesTakenAway(readFileSync(`${ROOT}${file}`, "utf8"))) {
        // git grep answers 1 when nothing matches, 0 with the files that do.
        const readers = spawnSync("git", ["grep", "-l", "-w", "-i", name, version, "--", ...READERS], { cwd: ROOT, encoding: "utf8" });
        expect(readers.status, readers.stderr).not.toBe(128);
        expect(readers.stdout.trim(), `${name} is still read at ${version}`).toBe("");
      }
    });
  }
});
