import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/context.tsx";
import { useNavigation } from "react-router";

/** Product-rules §2/§9: a thin bar on every navigation; linear, no spinner. It fills while busy, then completes. */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [wasBusy, setWasBusy] = useState(busy);
  const [finishing, setFinishing] = useState(false);
  const { t } = useTranslation();

  if (busy !== wasBusy) {
    setWasBusy(busy);
    setFinishing(!busy);
  }
  useEffect(() => {
    if (!finishing) return;
    const timer = setTimeout(() => setFinishing(false), 250);
    return () => clearTimeout(timer);
  }, [finishing]);

  if (!busy && !finishing) return null;
  return (
    <div role="progressbar" aria-label={t("shell.loadingPage")} className="fixed inset-x-0 top-[env(safe-area-inset-top,0px)] z-50 h-0.5">
      <div
        className={`h-full origin-left bg-sky-500 rtl:origin-right ${
          busy ? "animate-[progress_8s_linear_forwards]" : "scale-x-100 transition-transform duration-200 ease-linear"
        }`}
      />
    </div>
  );
}
