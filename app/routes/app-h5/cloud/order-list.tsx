import { useState } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { loadOrderList, orderAction } from "#app/.server/orders/order-list.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { closeQuestionsOpenedByOtherSites } from "#app/.server/security.ts";
import { sessionContext } from "#app/context.ts";
import { CancelSheet } from "#app/components/orders/order-actions.tsx";
import { OrderPages } from "#app/components/orders/order-pages.tsx";
import { usePullToRefresh } from "#app/components/use-pull-to-refresh.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/order-list";

export { revalidateOrders as shouldRevalidate } from "#app/components/orders/order-actions.tsx";

/** The four order lists of product-rules §2 share this module; the path says which service it lists. */
export const loader = ({ context, request }: Route.LoaderArgs) => {
  const url = screenUrl(request);
  closeQuestionsOpenedByOtherSites(request, url, ["cancel"]);
  return loadOrderList(requestOf(context), url);
};

/** Cancel (after the buyer confirmed) and repay, as form posts (product-rules §4, §8). */
export const action = ({ context, request }: Route.ActionArgs) => orderAction(requestOf(context), request, context.get(sessionContext));

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function OrderList({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // A refresh starts the appended pages over: a new generation remounts them with a fresh fetcher.
  const [generation, setGeneration] = useState(0);
  const refreshing = navigation.state === "loading" && navigation.location.pathname === view.firstHref && !navigation.location.search;
  const refresh = () => {
    setGeneration((g) => g + 1);
    void navigate(view.firstHref, { replace: true, preventScrollReset: true });
  };
  const pull = usePullToRefresh(refresh);

  return (
    <main className="mx-auto max-w-md p-3 pb-10">
      <div aria-live="polite" className="overflow-hidden text-center text-xs text-neutral-600" style={{ height: refreshing ? 32 : Math.min(pull.distance, 96) }}>
        <p className="py-2">{refreshing ? t("orders.refreshing") : pull.state === "ready" ? t("orders.releaseToRefresh") : pull.state === "pulling" ? t("orders.pullToRefresh") : ""}</p>
      </div>
      <div className="flex items-center justify-between gap-3">
        {/* A long title wraps; the refresh link keeps its whole word on the screen (German and Russian went past it at 320 px). */}
        <h1 className="min-w-0 px-1 py-2 text-lg font-semibold break-words">{view.title}</h1>
        {/* Pull-to-refresh has no keyboard; this link does the same (and reloads page 1 without JavaScript). */}
        <Link
          to={view.firstHref}
          replace
          onClick={(event) => {
            event.preventDefault();
            refresh();
          }}
          className="tap-target inline-flex shrink-0 items-center rounded-full px-3 text-sm text-sky-700"
        >
          {t("orders.refresh")}
        </Link>
      </div>
      {view.error !== null && (
        <p role="alert" className="rounded-2xl bg-white p-4 text-sm text-red-700">
          {view.error}
        </p>
      )}
      {view.error === null && view.orders.length === 0 && view.page === 1 && (
        <p className="rounded-2xl bg-white p-6 text-center text-sm text-neutral-600">{t("orders.empty")}</p>
      )}
      {/* Pages appended by scrolling belong to the page they follow: opening another page by its link starts them over. */}
      <OrderPages key={`${generation}:${view.page}`} view={view} />
      <CancelSheet />
      {view.page > 1 && (
        <p className="text-center">
          <Link to={view.firstHref} className="tap-target inline-flex items-center px-3 text-sm text-sky-700">
            {t("orders.first")}
          </Link>
        </p>
      )}
    </main>
  );
}
