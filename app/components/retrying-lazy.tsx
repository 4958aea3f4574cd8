import { lazy, useState, type ComponentType } from "react";
import { useTranslation } from "#app/i18n/context.tsx";

type Module<P> = { default: ComponentType<P> };

/**
 * React.lazy for the purchase screens' payment code that a tap needs, on a phone whose connection drops: React.lazy
 * hands a failed import to the route's error boundary, and the whole screen becomes "Something went wrong" (found by
 * an outside tester). Here the import is tried a second time at once (a transient failure); if that fails too,
 * `NotLoaded` stands in, whose retry tries again and shows the component once its code has come. The screen around
 * it stays as it was (docs/decisions/074).
 */
export function retryingLazy<P extends object>(load: () => Promise<Module<P>>, NotLoaded: ComponentType<NotLoadedProps> = PaymentOptionsNotLoaded) {
  let recovered: ComponentType<P> | null = null;
  function StandIn(props: P) {
    const [Loaded, setLoaded] = useState(() => recovered);
    if (Loaded) return <Loaded {...props} />;
    const retry = () =>
      load().then((module) => {
        recovered = module.default;
        setLoaded(() => module.default);
      }, ignore);
    return <NotLoaded retry={retry} />;
  }
  return lazy(() => load().catch(load).catch((): Module<P> => ({ default: StandIn })));
}

export interface NotLoadedProps {
  retry: () => void;
}

// A retry that fails leaves the message as it is.
const ignore = () => {};

/** What the buyer sees where payment code could not be fetched: why, in their language, and a retry. */
export function PaymentOptionsNotLoaded({ retry }: NotLoadedProps) {
  const { t } = useTranslation();
  return (
    // The retry goes under the message where both do not fit (German's "Erneut versuchen" at 320 px).
    <div role="alert" className="my-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-red-50 p-2 text-sm text-red-800">
      <span className="min-w-0">{t("pay.notLoaded")}</span>
      <button type="button" onClick={retry} className="tap-target ms-auto shrink-0 rounded-full border border-red-300 px-3 font-semibold">
        {t("shell.retry")}
      </button>
    </div>
  );
}
