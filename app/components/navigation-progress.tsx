import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** Spec §2/§9: a thin bar on every navigation; linear, no spinner. */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<"idle" | "running" | "done">("idle");
  const { t } = useTranslation();

  useEffect(() => {
    if (busy) {
      setPhase("running");
      return;
    }
    setPhase((current) => (current === "running" ? "done" : current));
    const timer = setTimeout(() => setPhase("idle"), 250);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === "idle") return null;
  return (
    <div role="progressbar" aria-label={t("shell.loadingPage")} className="fixed inset-x-0 top-0 z-50 h-0.5">
      <div
        className={`h-full origin-left bg-sky-500 rtl:origin-right ${phase === "running" ? "animate-[progress_8s_linear_forwards]" : "scale-x-100 transition-transform duration-200 ease-linear"}`}
      />
    </div>
  );
}
