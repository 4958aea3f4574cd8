import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of the about and data protection pages: a heading, the text, and the way home. */
export function PublicPage({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl p-5 pb-10">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="mt-4 grid gap-4 leading-relaxed text-neutral-800">{children}</div>
      <Link to="/" className="tap-target mt-8 inline-flex items-center text-sky-700 underline">
        {back}
      </Link>
    </main>
  );
}
