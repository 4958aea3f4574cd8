import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "../i18n/context.tsx";
import { useNavigation } from "react-router";
import { createLoadingCounter } from "./loading-counter.ts";

type Counter = ReturnType<typeof createLoadingCounter>;
const LoadingContext = createContext<Pick<Counter, "show" | "hide">>({ show() {}, hide() {} });

/** A non-dismissable overlay while anything holds it open (no timeout); form submissions hold it. */
export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const [counter] = useState<Counter>(() => createLoadingCounter(setVisible));
  const { t } = useTranslation();
  return (
    <LoadingContext.Provider value={counter}>
      {children}
      <HoldWhileSubmitting />
      {visible && (
        <div role="alert" aria-busy="true" className="fixed inset-0 z-40 flex items-center justify-center bg-black/30">
          <div className="rounded-xl bg-neutral-900/85 px-6 py-4 text-sm text-white">{t("shell.pleaseWait")}</div>
        </div>
      )}
    </LoadingContext.Provider>
  );
}

function HoldWhileSubmitting() {
  const submitting = useNavigation().state === "submitting";
  const overlay = useLoadingOverlay();
  useEffect(() => {
    if (!submitting) return;
    overlay.show();
    return () => overlay.hide();
  }, [submitting, overlay]);
  return null;
}

export function useLoadingOverlay() {
  return useContext(LoadingContext);
}
