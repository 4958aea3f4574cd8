/**
 * Product-rules §5 app identifier mapping: the companion app that opened the storefront (its package name in the
 * launch) belongs to app family 1 or 2; an identifier that is not listed is family 1. The identifiers are
 * the brand's own, so they are configuration (APP_FAMILIES), and with none configured every app is 1.
 */
export type AppFamily = 1 | 2;
export type AppFamilies = Readonly<Record<string, AppFamily>>;

export function appFamily(packageName: string | null | undefined, families: AppFamilies): AppFamily {
  const name = (packageName ?? "").trim();
  return name !== "" && Object.hasOwn(families, name) ? (families[name] ?? 1) : 1;
}

/** APP_FAMILIES: JSON `{"<app identifier>": 1 | 2}`; empty means none. Throws naming a bad entry. */
export function parseAppFamilies(json: string | undefined): AppFamilies {
  if (!json || json.trim() === "") return {};
  const raw: unknown = JSON.parse(json);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error("APP_FAMILIES must be a JSON object");
  const families: Record<string, AppFamily> = {};
  for (const [name, family] of Object.entries(raw)) {
    if (family !== 1 && family !== 2) throw new Error(`APP_FAMILIES: "${name}" must be 1 or 2`);
    families[name] = family;
  }
  return families;
}
