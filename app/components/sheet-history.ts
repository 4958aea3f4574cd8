import { useCallback } from "react";
import { useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";

/** What a history entry opened by a sheet carries: how many sheet entries stand above the screen itself. */
interface SheetEntry {
  sheetDepth?: number;
}

/** The `state` of a link that opens a sheet over the bare screen (the screen behind an open sheet is inert). */
export const OPENS_SHEET: SheetEntry = { sheetDepth: 1 };

/** The current address's query with one sheet flag set (or removed, with null): where a sheet opens or closes to. */
export function searchWith(search: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return `?${next}`;
}

/**
 * Sheets, their sub-views and pickers open with a history entry of their own (docs/decisions/018), so that
 * the back button (Android's hardware one too) closes the top one instead of leaving the screen, and the
 * URL (`?pay=1`, `?picker=1`) always says what is open. Closing goes back over those entries rather than
 * stacking new ones; a sheet the page was loaded with has none, so it closes in place.
 */
export function useSheetHistory() {
  const navigate = useNavigate();
  const depth = (useLocation().state as SheetEntry | null)?.sheetDepth ?? 0;
  const open = useCallback((href: string) => navigate(href, { preventScrollReset: true, state: { sheetDepth: depth + 1 } }), [navigate, depth]);
  const close = useCallback(
    (closedHref: string) => (depth > 0 ? navigate(-depth) : navigate(closedHref, { replace: true, preventScrollReset: true })),
    [navigate, depth],
  );
  return { depth, open, close };
}

/**
 * Opening or closing a sheet whose content the page already has needs no new data: the loaders run
 * again only when something else in the address changed, or after a form post. Such a sheet reads
 * its flag from the address, not from loader data.
 */
export function revalidateUnlessOnly(...params: string[]) {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) => {
    // A GET form that opens a sheet is a navigation like a link; any other submission changes data.
    if ((formMethod && formMethod !== "GET") || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    const without = (url: URL) => {
      const search = new URLSearchParams(url.searchParams);
      for (const param of params) search.delete(param);
      search.sort();
      return search.toString();
    };
    return without(currentUrl) === without(nextUrl) ? false : defaultShouldRevalidate;
  };
}
