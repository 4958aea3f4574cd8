import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSheetHistory } from "./sheet-history.ts";

/**
 * A sheet's close control: without JavaScript a link to the screen without the sheet; with it, a step
 * back over the sheet's history entries, so that none is left to come back to.
 */
export function SheetCloseLink({ closedHref, className, children }: { closedHref: string; className: string; children: ReactNode }) {
  const sheet = useSheetHistory();
  return (
    <Link
      to={closedHref}
      replace
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        void sheet.close(closedHref);
      }}
      className={className}
    >
      {children}
    </Link>
  );
}
