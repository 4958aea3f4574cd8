import type { ReactNode } from "react";

/** The operators, audit log and deliveries pages' fields and buttons: 44 px targets (min-h-11), both colour schemes. */
export const fieldClass =
  "mt-1 min-h-11 rounded-md border border-neutral-400 bg-white px-3 text-base text-neutral-900 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100";
export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 dark:bg-blue-600 dark:hover:bg-blue-500 disabled:cursor-not-allowed disabled:opacity-60";
export const quietButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-neutral-400 px-4 hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60";
export const linkClass = "inline-flex min-h-11 items-center text-blue-800 underline underline-offset-4 dark:text-blue-300";
export const cellClass = "border-b border-neutral-200 px-3 py-2 align-top dark:border-neutral-800";

/** The outcome of a form post: done (announced politely) or refused (an alert). */
export function Notice({ outcome }: { outcome: { done: string } | { refused: string } | undefined }) {
  if (!outcome) return null;
  const done = "done" in outcome;
  return (
    <p role={done ? "status" : "alert"} className={`mt-4 rounded-md border-l-4 p-3 ${done ? "border-green-700 bg-green-50 dark:bg-green-950" : "border-red-700 bg-red-50 dark:bg-red-950"}`}>
      {done ? outcome.done : outcome.refused}
    </p>
  );
}

export function PageTitle({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-1 text-neutral-700 dark:text-neutral-300">{intro}</p>
    </>
  );
}

/** A labelled control: the label names the control `id` alone (a select's options would otherwise join its name). */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col text-sm">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A list as a table with its column headings, or what to say when it is empty. */
export function Listing({ columns, empty, children }: { columns: string[]; empty: string | null; children: ReactNode }) {
  if (empty !== null) return <p className="mt-6">{empty}</p>;
  return (
    <table className="mt-6 w-full border-collapse text-left text-sm">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} className={cellClass}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A list's links to its first page (when this is a later one) and to the next one (when there is one). */
export function Pager({ first, next }: { first: { href: string; label: string } | null; next: { href: string; label: string } | null }) {
  return (
    <p className="mt-4 flex gap-6">
      {[first, next].map(
        (link) =>
          link && (
            <a key={link.label} href={link.href} className={linkClass}>
              {link.label}
            </a>
          ),
      )}
    </p>
  );
}

/** The query of a list's page with its filters, and `extra` (a cursor) when given. */
export const pageQuery = (filters: Record<string, string>, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== "")), ...extra })}`;
