import type { ReactNode } from "react";

/** A white card of a screen, named by its heading (`id` ties the two for screen readers). */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="m-3 rounded-2xl bg-white p-4">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
