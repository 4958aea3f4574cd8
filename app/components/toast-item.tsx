import { useEffect } from "react";

export interface Toast {
  id: string;
  kind: "success" | "error";
  message: string;
}

const TOAST_MS = 3_000;

/** Each toast keeps its own timer, started once when it appears: a newer toast does not restart it. */
export default function ToastItem({ toast, dismiss, dismissLabel }: { toast: Toast; dismiss: (id: string) => void; dismissLabel: string }) {
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
