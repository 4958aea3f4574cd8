import { useTranslation } from "../i18n/context.tsx";
import { useToast } from "./toasts.tsx";
import { useHydrated } from "remix-utils/use-hydrated";

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Webviews on plain http have no Clipboard API; a selected textarea still copies.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("the browser refused to copy");
}

/**
 * Copies a value shown beside it. Only once the page runs JavaScript: before that the button could do
 * nothing, and the value itself stays selectable.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      aria-label={t("copy.copyLabel", { label })}
      className="tap-target group inline-flex shrink-0 items-center justify-center"
      onClick={() =>
        writeClipboard(value).then(
          () => toast({ kind: "success", message: t("copy.copied") }),
          (error: unknown) =>
            toast({ kind: "error", message: t("copy.failed", { message: error instanceof Error ? error.message : String(error) }) }),
        )
      }
    >
      <span className="rounded-full border border-sky-600 px-3 py-1 text-xs font-medium text-sky-700 group-active:bg-sky-50">{t("copy.copy")}</span>
    </button>
  );
}
