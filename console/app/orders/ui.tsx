import { useId, type ReactNode } from "react";

/** The orders pages' fields, buttons and sections: 44 px targets (min-h-11), visible focus, both colour schemes. */
export const fieldClass =
  "mt-1 min-h-11 rounded-md border border-neutral-400 bg-white px-3 text-base text-neutral-900 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100";
export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:bg-neutral-400 dark:disabled:bg-neutral-600";
export const linkClass = "inline-flex min-h-11 items-center text-blue-800 underline underline-offset-4 dark:text-blue-300";

/** A day of a GET form (YYYY-MM-DD, read as a UTC day), labelled. */
export function DayField({ label, name, value }: { label: string; name: string; value: string | undefined }) {
  return (
    <label className="flex flex-col text-sm">
      {label}
      <input type="date" name={name} defaultValue={value} className={fieldClass} />
    </label>
  );
}

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  // Not made from the title: every Chinese title would give the same id, and each section would be named by the first.
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{description}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
      <dt className="text-sm text-neutral-700 dark:text-neutral-300">{label}</dt>
      <dd className="mt-1 text-lg font-semibold">{value}</dd>
    </div>
  );
}

/** A message after an action: a success the page announces, or a refusal. */
export function Notice({ tone, children }: { tone: "done" | "refused"; children: ReactNode }) {
  const colours = tone === "done" ? "border-green-700 bg-green-50 dark:bg-green-950" : "border-red-700 bg-red-50 dark:bg-red-950";
  return (
    <p role={tone === "done" ? "status" : "alert"} className={`mt-4 rounded-md border-l-4 p-3 ${colours}`}>
      {children}
    </p>
  );
}
