/**
 * Import circles in the TypeScript sources, found over the import graph that TypeScript itself reads
 * (docs/decisions/033): a circle means two files cannot be understood, tested or moved one at a time.
 * Type-only imports count too: they tie the files' meaning together even when the bundle drops them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const SOURCE_FOLDERS = ["app", "cloud-api/src", "contract", "domain", "workers"];
const SOURCE_FILE = /\.tsx?$/;
const SKIPPED_FOLDER = new Set(["node_modules", ".react-router", "+types"]);

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDER.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE_FILE.test(entry.name) && !entry.name.includes(".test.") ? [path] : [];
  });
}

/** package.json's subpath imports ("#app/*": "./app/*"), as prefix pairs. */
function aliasesOf(root: string): [string, string][] {
  const imports = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { imports: Record<string, string> }).imports;
  return Object.entries(imports).map(([alias, target]) => [alias.replace(/\*$/, ""), `${resolve(root, target.replace(/\*$/, ""))}/`]);
}

function resolveImport(from: string, specifier: string, aliases: [string, string][]): string | undefined {
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
  const path = alias ? alias[1] + specifier.slice(alias[0].length) : specifier.startsWith(".") ? resolve(dirname(from), specifier) : undefined;
  return path && existsSync(path) ? path : undefined;
}

/** Each source file's imports, as absolute paths. */
function importGraph(root: string): Map<string, string[]> {
  const aliases = aliasesOf(root);
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(resolve(root, folder)));
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      return [file, importedFiles.map(({ fileName }) => resolveImport(file, fileName, aliases)).filter((path) => path !== undefined)];
    }),
  );
}

/** Every file a file imports, directly or not, relative to root: what loading it brings along. */
export function importClosure(root: string, file: string): string[] {
  const edges = importGraph(root);
  const seen = new Set<string>();
  const visit = (path: string) => {
    for (const next of edges.get(path) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      visit(next);
    }
  };
  visit(resolve(root, file));
  return [...seen].map((path) => relative(root, path)).sort();
}

/** Every circle, as the files in it relative to root; none when the graph has no strongly connected part. */
export function importCycles(root: string): string[][] {
  const edges = importGraph(root);

  // Tarjan's strongly connected components: each component of more than one file (or a file importing itself) is a circle.
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
      } else if (onStack.has(next)) lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(root, member));
    } while (member !== file);
    if (component.length > 1 || edges.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
