import { NoBreak } from "../no-break.tsx";

/**
 * Labelled facts of an order, label at the start and value at the end; a null value is left out. A value that
 * does not fit beside its label moves under it, and its dates and references never break inside (NoBreak).
 */
export function FactList({ rows, className = "" }: { rows: [label: string, value: string | null][]; className?: string }) {
  return (
    <dl className={`grid gap-y-1 text-sm ${className}`}>
      {rows.map(([label, value]) =>
        value === null ? null : (
          <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-neutral-600">{label}</dt>
            <dd dir="auto" className="ms-auto min-w-0 text-end">
              <NoBreak text={value} />
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}
