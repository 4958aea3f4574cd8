import { useEffect, useRef, type ReactNode } from "react";
import { keepTabInside } from "./keep-tab-inside.ts";

/**
 * A bottom sheet opened by the page's own state: it takes focus when it appears, keeps Tab inside,
 * and Escape closes it. (URL-driven sheets use ActionSheet.) A `fullHeight` sheet is as tall as it may be
 * from its first frame: content that arrives later (the card checkout's form) then fills it instead of
 * pushing its top, and the Back button there, up under the buyer's finger.
 */
export function ModalSheet({ labelledBy, onClose, fullHeight = false, children }: { labelledBy: string; onClose: () => void; fullHeight?: boolean; children: ReactNode }) {
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => sheet.current?.focus(), []);
  return (
    <div className="fixed inset-0 z-30 flex items-end justify-center bg-black/40">
      <div
        ref={sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
          keepTabInside(event);
        }}
        // Never taller than the screen below its top inset: a tall sub-view (the card checkout) scrolls inside.
        className={`${fullHeight ? "h-[calc(100dvh-env(safe-area-inset-top))]" : ""} safe-x max-h-[calc(100dvh-env(safe-area-inset-top))] w-full max-w-md overflow-y-auto overscroll-contain rounded-t-2xl bg-white pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] outline-none`}
      >
        {children}
      </div>
    </div>
  );
}
