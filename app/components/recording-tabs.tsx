import { Link } from "react-router";
import { useTranslation } from "../i18n/context.tsx";

export interface RecordingTab {
  key: "allDay" | "event";
  href: string;
  selected: boolean;
}

/** The all-day and event recording tabs of the cloud storage screens; each is a link, so no JS is needed. */
export function RecordingTabs({ tabs, className }: { tabs: RecordingTab[]; className: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("storage.tabs")} className={`grid grid-cols-2 gap-1 rounded-full p-1 ${className}`}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.href}
          replace
          preventScrollReset
          aria-current={tab.selected ? "page" : undefined}
          className={`tap-target flex items-center justify-center rounded-full px-2 text-center text-sm font-medium ${tab.selected ? "bg-sky-700 text-white" : "text-neutral-700"}`}
        >
          {t(`storage.${tab.key}`)}
        </Link>
      ))}
    </nav>
  );
}
