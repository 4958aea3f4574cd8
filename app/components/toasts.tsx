import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../i18n/context.tsx";

export interface Toast {
  id: string;
  kind: "success" | "error";
  message: string;
}

const TOAST_MS = 3_000;
const ToastContext = createContext<(toast: Omit<Toast, "id">) => void>(() => {});

/** Shows toasts in a live region; `flash` is a toast the server sent with the page (shown without JS too). */
export function ToastProvider({ flash, children }: { flash: Toast | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>(flash ? [flash] : []);
  const shownFlash = useRef(flash?.id);
  const { t } = useTranslation();

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const push = useCallback((toast: Omit<Toast, "id">) => setToasts((list) => [...list, { ...toast, id: crypto.randomUUID() }]), []);

  useEffect(() => {
    if (flash && flash.id !== shownFlash.current) {
      shownFlash.current = flash.id;
      setToasts((list) => [...list, flash]);
    }
  }, [flash]);

  return (
    <ToastContext.Provider value={push}>
      {children}
      {/* Below the status bar (top inset) and clear of a notch on either side. */}
      <div role="status" aria-live="polite" className="safe-x pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top,0px)+1rem)] z-50 flex flex-col items-center gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} dismiss={dismiss} dismissLabel={t("shell.dismiss")} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Each toast keeps its own timer, started once when it appears: a newer toast does not restart it. */
function ToastItem({ toast, dismiss, dismissLabel }: { toast: Toast; dismiss: (id: string) => void; dismissLabel: string }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, dismiss]);
  return (
    <div
      className={`pointer-events-auto mx-4 flex max-w-sm items-center gap-3 rounded-lg ps-4 pe-1 text-sm text-white shadow-lg ${toast.kind === "error" ? "bg-red-700" : "bg-neutral-800"}`}
    >
      {/* A long message wraps; the button keeps its whole word. */}
      <span className="min-w-0 py-2 break-words">{toast.message}</span>
      <button type="button" className="tap-target shrink-0 px-3 text-white/80 underline" onClick={() => dismiss(toast.id)}>
        {dismissLabel}
      </button>
    </div>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
