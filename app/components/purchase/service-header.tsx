import { useTranslation } from "#app/i18n/context.tsx";
import { Panel } from "#app/components/panel.tsx";

export interface ServiceHeaderView {
  deviceName: string;
  /** Product-rules §4 durationStatus as a state; null when the state could not be read. */
  state: "not_opened" | "expired" | "active" | null;
  until: string;
}

/**
 * The head of the VIP and AI screens: the device and whether its service is on, and until when. The time is
 * isolated left to right (U+2066 ... U+2069): inside Arabic it would otherwise read backwards.
 */
export function ServiceHeader({ view, title }: { view: ServiceHeaderView; title: string }) {
  const { t } = useTranslation();
  return (
    // A deep band in both schemes: turned over (docs/decisions/017) it was a light band over the dark page (docs/decisions/073-a).
    <header className="bg-gradient-to-b from-sky-800 to-sky-700 px-4 pt-5 pb-6 text-white dark:from-sky-950 dark:to-sky-900 dark:text-neutral-50">
      <h1 className="text-xl font-bold">{title}</h1>
      <p dir="auto" className="mt-1 text-sm text-sky-100 dark:text-sky-200">
        {view.deviceName}
      </p>
      {view.state && (
        <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm dark:bg-neutral-50/10">
          <span className="shrink-0">{t(`current.${view.state === "not_opened" ? "notOpened" : view.state}`)}</span>
          {view.state !== "not_opened" && view.until && (
            <span dir="auto" className="text-sky-100 dark:text-sky-200">
              {t(view.state === "active" ? "service.until" : "service.endedOn", { time: `\u2066${view.until}\u2069` })}
            </span>
          )}
        </p>
      )}
    </header>
  );
}

/** Feature items below the packages, and the privacy policy link (product-rules §2 screens 2 and 4). */
/** The policies a buyer reads before paying: privacy, refunds, and where to get help (when the brand names it). */
export interface PolicyLinks {
  privacyHref: string;
  refundPolicyHref: string;
  supportHref: string | null;
}

export function IntroItems({ items, policies }: { items: { title: string; body: string }[]; policies: PolicyLinks }) {
  const { t } = useTranslation();
  const links = [
    [policies.privacyHref, "service.privacy"],
    [policies.refundPolicyHref, "service.refundPolicy"],
    [policies.supportHref, "service.support"],
  ] as const;
  return (
    <Panel id="intro-heading" title={t("service.introTitle")}>
      <ul className="mt-3 grid gap-3">
        {items.map((item) => (
          <li key={item.title} className="text-sm">
            <p className="font-medium">{item.title}</p>
            {item.body && <p className="text-neutral-600">{item.body}</p>}
          </li>
        ))}
      </ul>
      <p className="mt-2 flex flex-wrap gap-x-4">
        {links.map(
          ([href, key]) =>
            href && (
              <a key={key} href={href} className="tap-target inline-flex items-center text-sm text-sky-700 underline">
                {t(key)}
              </a>
            ),
        )}
      </p>
    </Panel>
  );
}
