import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

/** Every path of the route table, children joined to their parents ("" is the index of "/"). */
function paths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [...(entry.index || entry.path ? [path] : []), ...paths(entry.children ?? [], path)];
  });
}

/**
 * The screens a launch link may open: the routes under /app-h5/ without parameters, named as
 * `npm run launch -- --screen` takes them (e.g. "cloud/mobile-data/buy"). Read from app/routes.ts, so a
 * new screen is launchable as soon as it is routed.
 */
export const LAUNCH_SCREENS: string[] = [
  ...new Set(
    paths(routes)
      .filter((path) => path.startsWith("app-h5/") && !path.includes(":") && !path.includes("*"))
      .map((path) => path.slice("app-h5/".length)),
  ),
].sort();
