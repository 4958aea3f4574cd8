import { useEffect, useRef, type ReactNode } from "react";
import { keepTabInside } from "./keep-tab-inside.ts";
import { SheetCloseLink } from "./sheet-close-link.tsx";
import { useSheetHistory } from "./sheet-history.ts";

interface ActionSheetProps {
  open: boolean;
  title: string;
  /** Where closing goes: the same screen without the sheet's query flag. */
  closeHref: string;
  closeLabel: string;
  /** The control that opened the sheet; focus returns to it when the sheet closes. */
  returnFocusTo: string;
  children: ReactNode;
}

/**
 * A bottom action sheet whose open state lives in the URL, so it opens and closes without JavaScript;
 * its opener links carry OPENS_SHEET, so that back closes it.
 * Once hydrated it becomes a modal <dialog>: the page behind is inert, Tab stays inside, Escape closes,
 * and focus goes back to the control that opened it.
 */
export function ActionSheet({ open, title, closeHref, closeLabel, returnFocusTo, children }: ActionSheetProps) {
  const sheet = useSheetHistory();
  const dialog = useRef<HTMLDialogElement>(null);
  const wasOpen = useRef(open);

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.matches(":modal")) {
      // Server-rendered as a plain open dialog; reopening it as modal is what traps focus.
      if (element.open) element.close();
      element.showModal();
      // The sheet itself takes focus, not its first button: that is often the act it asks about (refund,
      // cancel), and an Enter pressed twice on the opener must not confirm it.
      element.focus();
    }
    if (!open && wasOpen.current) document.getElementById(returnFocusTo)?.focus();
    wasOpen.current = open;
  }, [open, returnFocusTo]);

  if (!open) return null;
  const close = () => void sheet.close(closeHref);
  return (
    <>
      {/* Without JavaScript the dialog is not modal: a tap on the dimmed page closes it instead of acting behind it. */}
      <a href={closeHref} aria-hidden="true" tabIndex={-1} className="fixed inset-0 z-30" />
      <dialog
        ref={dialog}
        open
        tabIndex={-1}
        aria-labelledby="action-sheet-title"
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onKeyDown={keepTabInside}
        onClick={(event) => {
          // A tap on the dimmed backdrop (the dialog box itself, outside its content) closes it.
          if (event.target === event.currentTarget) close();
        }}
        className="fixed inset-x-0 top-auto bottom-0 z-30 m-0 mx-auto max-h-[calc(100dvh-env(safe-area-inset-top))] w-full max-w-md overflow-y-auto overscroll-contain rounded-t-2xl bg-white p-0 text-neutral-900 shadow-[0_0_0_100vmax_rgba(0,0,0,0.4)] backdrop:bg-transparent"
      >
        <div className="safe-x pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <h2 id="action-sheet-title" className="text-base font-semibold">
            {title}
          </h2>
          {children}
          <SheetCloseLink closedHref={closeHref} className="mt-3 block rounded-xl bg-neutral-100 py-3 text-center font-medium">
            {closeLabel}
          </SheetCloseLink>
        </div>
      </dialog>
    </>
  );
}
