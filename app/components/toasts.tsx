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

  useEffect(() => {
    if (toasts.length === 0) return;
    const timers = toasts.map((toast) => setTimeout(() => dismiss(toast.id), TOAST_MS));
    return () => timers.forEach(clearTimeout);
  }, [toasts, dismiss]);

  return (
    <ToastContext.Provider value={push}>
      {children}
      <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`pointer-events-auto flex max-w-sm items-center gap-3 rounded-lg px-4 py-2 text-sm text-white shadow-lg ${
              toast.kind === "error" ? "bg-red-700" : "bg-neutral-800"
            }`}
          >
            <span>{toast.message}</span>
            <button type="button" className="text-white/80 underline" onClick={() => dismiss(toast.id)}>
              {t("shell.dismiss")}
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
