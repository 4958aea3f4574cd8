import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../i18n/context.tsx";
// In the page's own code, not a lazy chunk: a chunk that failed left a toast as bare text for good, and the view is
// 64 bytes of gzip more than the lazy wrapper and its fallback (docs/decisions/073).
import ToastItem, { type Toast } from "./toast-item.tsx";

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

export function useToast() {
  return useContext(ToastContext);
}
