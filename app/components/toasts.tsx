import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../i18n/context.tsx";

import type { Toast } from "./toast-item.tsx";

// A toast's code is fetched once the page has hydrated, not with the page (docs/decisions/065); the server writes a
// flash in place. Should it fail to load (the connection dropped), the toast is its text alone.
const loadToastItem = () => import("./toast-item.tsx");
const ToastItem = lazy(() => loadToastItem().catch(() => ({ default: ({ toast }: { toast: Toast }) => <span>{toast.message}</span> })));
const ToastContext = createContext<(toast: Omit<Toast, "id">) => void>(() => {});

/** Shows toasts in a live region; `flash` is a toast the server sent with the page (shown without JS too). */
export function ToastProvider({ flash, children }: { flash: Toast | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>(flash ? [flash] : []);
  const shownFlash = useRef(flash?.id);
  const { t } = useTranslation();

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const push = useCallback((toast: Omit<Toast, "id">) => setToasts((list) => [...list, { ...toast, id: crypto.randomUUID() }]), []);

  useEffect(() => {
    loadToastItem().catch(() => {});
  }, []);
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
          <Suspense key={toast.id} fallback={null}>
            <ToastItem toast={toast} dismiss={dismiss} dismissLabel={t("shell.dismiss")} />
          </Suspense>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
