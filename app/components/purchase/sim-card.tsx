import type { DurationState } from "#domain/progress.ts";
import { CopyButton } from "#app/components/copy-button.tsx";
import { useTranslation } from "#app/i18n/context.tsx";

/** The 4G screen's current package (product-rules §4): its state, how much of it is used, and its period. */
export interface CurrentPackageView {
  name: string;
  state: DurationState;
  unlimited: boolean;
  percent: number;
  start: string;
  end: string;
}

/** An identifier the buyer may need to quote (device id, ICCID), with a copy button. */
export function IdRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-neutral-500">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <span className="font-mono text-xs break-all select-all" dir="ltr">
          {value}
        </span>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

export function CurrentPackage({ current }: { current: CurrentPackageView | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="current-heading" className="m-3 rounded-2xl bg-white p-4 shadow-sm">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="current-heading" className="text-base font-semibold">
          {t("current.title")}
        </h2>
        {current && (
          <span className={`rounded-full px-2 py-0.5 text-xs ${current.state === "active" ? "bg-emerald-100 text-emerald-800" : "bg-neutral-200 text-neutral-700"}`}>
            {t(`current.${current.state === "not_opened" ? "notOpened" : current.state}`)}
          </span>
        )}
      </div>
      {!current ? (
        <p className="text-sm text-neutral-600">{t("current.none")}</p>
      ) : (
        <>
          <p dir="auto" className="text-sm font-medium">
            {current.name}
          </p>
          {current.unlimited ? (
            <p className="mt-2 text-sm text-emerald-700">{t("current.unlimited")}</p>
          ) : (
            <div className="mt-2">
              <div
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={current.percent}
                aria-label={t("current.used", { percent: current.percent })}
                className="h-2 overflow-hidden rounded-full bg-neutral-200"
              >
                <div className="h-full rounded-full bg-sky-600" style={{ width: `${current.percent}%` }} />
              </div>
              <p className="mt-1 text-end text-xs text-neutral-600">{t("current.used", { percent: current.percent })}</p>
            </div>
          )}
          <dl className="mt-2 grid grid-cols-2 gap-2 text-xs">
            <div>
              <dt className="text-neutral-500">{t("current.start")}</dt>
              <dd dir="ltr" className="text-start">{current.start}</dd>
            </div>
            <div>
              <dt className="text-neutral-500">{t("current.end")}</dt>
              <dd dir="ltr" className="text-start">{current.end}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
