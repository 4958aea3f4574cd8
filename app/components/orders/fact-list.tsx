/** Labelled facts of an order, label at the start and value at the end; a null value is left out. */
export function FactList({ rows, className = "" }: { rows: [label: string, value: string | null][]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm ${className}`}>
      {rows.map(([label, value]) =>
        value === null ? null : (
          <div key={label} className="contents">
            <dt className="text-neutral-600">{label}</dt>
            <dd dir="auto" className="text-end wrap-anywhere">
              {value}
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}
