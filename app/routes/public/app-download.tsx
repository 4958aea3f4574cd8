import { useEffect, useRef } from "react";
import { platformOf } from "#domain/platform.ts";
import { pagesText } from "#app/.server/pages.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { requestOf } from "#app/.server/request-context.ts";
import type { Route } from "./+types/app-download";
import { publicPageCache } from "#app/.server/public-cache.ts";

// The store button follows the phone, so caches keep a copy per User-Agent too.
export const middleware: Route.MiddlewareFunction[] = [publicPageCache("User-Agent")];

/**
 * Product-rules §2 screen 5, at /app (Chinese title) and /app/viseecam/download (English title). The server
 * points the button at the phone's store; an unrecognised device is told to search a store instead
 * (an alert with JavaScript, the same text on the page without it).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const t = pagesText(context);
  const { env } = requestOf(context);
  const url = screenUrl(request);
  const platform = platformOf(request.headers.get("User-Agent"));
  const stores = { android: env.APP_DOWNLOAD_ANDROID_URL, ios: env.APP_DOWNLOAD_IOS_URL };
  const storeUrl = platform === "other" ? null : (stores[platform] ?? null);
  return {
    title: url.pathname === "/app" ? t("download.titleZh") : t("download.titleEn"),
    heading: t("download.heading"),
    body: t("download.body"),
    button: platform === "other" ? t("download.button") : t(`download.${platform}`),
    storeUrl,
    unknownHref: `${url.pathname}?unknown=1`,
    unknownMessage: t("download.unknown"),
    showUnknown: url.searchParams.get("unknown") === "1",
    tip: t("download.tip"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function AppDownload({ loaderData: view }: Route.ComponentProps) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (view.showUnknown) message.current?.focus();
  }, [view.showUnknown]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center gap-5 p-6 text-center">
      <svg aria-hidden="true" viewBox="0 0 64 64" className="mt-10 h-20 w-20">
        <rect width="64" height="64" rx="16" fill="#0369A1" />
        <circle cx="32" cy="30" r="13" fill="#fff" />
        <circle cx="32" cy="30" r="6" fill="#0EA5E9" />
        <rect x="22" y="47" width="20" height="4" rx="2" fill="#fff" />
      </svg>
      <h1 className="text-2xl font-bold">{view.heading}</h1>
      <p className="text-neutral-700">{view.body}</p>
      <a
        href={view.storeUrl ?? view.unknownHref}
        onClick={(event) => {
          if (view.storeUrl) return;
          event.preventDefault();
          window.alert(view.unknownMessage);
        }}
        className="w-full rounded-full bg-sky-700 py-3 text-lg font-semibold text-white"
      >
        {view.button}
      </a>
      {view.showUnknown && (
        <p ref={message} tabIndex={-1} role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {view.unknownMessage}
        </p>
      )}
      <p className="mt-auto rounded-xl bg-white p-3 text-sm text-neutral-700">{view.tip}</p>
    </main>
  );
}
