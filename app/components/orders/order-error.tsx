import { isRouteErrorResponse } from "react-router";
import { useTranslation } from "#app/i18n/context.tsx";
import { ErrorView } from "../error-view.tsx";

/** The order screens' error: an order that is not the buyer's (or does not exist) is plainly "not found". */
export function OrderError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ErrorView error={error} />;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-lg font-semibold">{t("orderDetail.notFoundTitle")}</h1>
      <p className="text-neutral-600">{t("orderDetail.notFound")}</p>
      <button type="button" className="rounded-full border border-neutral-400 px-5 py-2" onClick={() => history.back()}>
        {t("shell.back")}
      </button>
    </main>
  );
}
