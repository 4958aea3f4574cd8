import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MessageKey } from "../i18n.ts";
import { useTranslation } from "../i18n-context.tsx";

/** A cell of the packages pages' tables. */
export const cell = "border-b border-neutral-200 px-3 py-2 text-start align-top dark:border-neutral-800";

/** A table of packages or versions: its caption (its name to assistive technology) and its columns' headers. */
export function PackageTable({ caption, columns, children }: { caption: string; columns: readonly MessageKey[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={cell}>
              {t(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A package's name as a row's header, linking to its page. */
export function PackageNameCell({ id, name }: { id: number; name: string }) {
  return (
    <th scope="row" className={cell}>
      <Link to={`/packages/${id}`} className="inline-flex min-h-11 items-center text-blue-800 underline dark:text-blue-300">
        {name}
      </Link>
    </th>
  );
}
