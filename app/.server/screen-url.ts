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
