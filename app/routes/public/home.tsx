import { Link } from "react-router";
import { pagesText } from "#app/.server/pages.ts";
import type { Route } from "./+types/home";
import { publicPageCache } from "#app/.server/public-cache.ts";

const PANELS = Array.from({ length: 14 }, (_, index) => String(index + 1).padStart(2, "0"));

export const middleware: Route.MiddlewareFunction[] = [publicPageCache()];

/** Product-rules §2 screen 7: the marketing page, 14 stacked images with a footer. */
export function loader({ context }: Route.LoaderArgs) {
  const t = pagesText(context);
  return {
    title: t("home.title"),
    heading: t("home.heading"),
    intro: t("home.intro"),
    panels: PANELS.map((id) => ({ src: `/home/${id}.svg`, caption: t(`home.panel${id}`) })),
    footer: {
      label: t("home.footer"),
      about: t("home.about"),
      privacy: t("home.privacy"),
      registration: t("home.registration"),
      copyright: t("home.copyright", { year: new Date().getUTCFullYear() }),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "" },
  { name: "description", content: loaderData?.intro ?? "" },
];

export default function Home({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <main className="mx-auto max-w-2xl bg-white">
        <header className="px-5 pt-8 pb-4 text-center">
          <h1 className="text-2xl font-bold">{view.heading}</h1>
          <p className="mt-2 text-neutral-700">{view.intro}</p>
        </header>
        <ol className="list-none">
          {view.panels.map((panel, index) => (
            <li key={panel.src}>
              <figure>
                {/* The first panel is in the first screenful; the rest load as they come near. */}
                <img
                  src={panel.src}
                  width={750}
                  height={500}
                  alt=""
                  loading={index === 0 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : "auto"}
                  decoding="async"
                  className="block h-auto w-full"
                />
                <figcaption className="px-5 pt-2 pb-6 text-center text-neutral-800">{panel.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ol>
      </main>
      <footer className="mx-auto max-w-2xl px-5 py-6 text-center text-sm text-neutral-700">
        <nav aria-label={view.footer.label} className="flex justify-center gap-6">
          <Link to="/about" className="tap-target inline-flex items-center text-sky-800 underline">
            {view.footer.about}
          </Link>
          <Link to="/protocol/data-protection" className="tap-target inline-flex items-center text-sky-800 underline">
            {view.footer.privacy}
          </Link>
        </nav>
        <p className="mt-4">{view.footer.registration}</p>
        <p className="mt-1">{view.footer.copyright}</p>
      </footer>
    </>
  );
}
