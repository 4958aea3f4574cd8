/**
 * The URL a screen was asked for, as the buyer sees it. React Router's data requests (client
 * navigations and form submissions) go to `<path>.data` with a `_routes` parameter; neither may leak
 * into the links and redirects a loader or action builds from its URL.
 */
export function screenUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url;
}

/** What every link built from a screen keeps of the screen's address: the language it was opened with (`?language=`). */
const CARRIED_PARAMS = ["language"] as const;

/** The parameters of `screen` that its links carry, for a GET form's hidden fields. */
export function carriedQuery(screen: URL): Record<string, string> {
  const carried: Record<string, string> = {};
  for (const name of CARRIED_PARAMS) {
    const value = screen.searchParams.get(name);
    if (value !== null) carried[name] = value;
  }
  return carried;
}

/**
 * An absolute path and query that `new URL` gives back as they are: no dot segment, no "//" that would name a host,
 * no character it would percent-encode or drop (a fragment, an empty "?").
 */
const PLAIN_LINK = /^(?!\/\/)(?:\/(?!\.\.?(?:[/?]|$))[\w\-.~!$&()*+,;=:@]*)+(?:\?[\w\-.~!$&()*+,;=:@/?%]+)?$/;

/** A link from `screen` to `href` (a path and query), keeping what the screen's links carry unless `href` sets it. */
export function linkFrom(screen: URL, href: string): string {
  const carried = Object.entries(carriedQuery(screen));
  // Most screens carry nothing, and an order list builds a link per order: no URL is parsed for a link it would not change.
  if (carried.length === 0 && PLAIN_LINK.test(href)) return href;
  const target = new URL(href, screen);
  for (const [name, value] of carried) if (!target.searchParams.has(name)) target.searchParams.set(name, value);
  return `${target.pathname}${target.search}`;
}
