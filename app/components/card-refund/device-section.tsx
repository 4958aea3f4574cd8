import { Form, Link } from "react-router";
import type { CardRefundView } from "#app/.server/orders/card-refund.ts";
import { ActionSheet } from "#app/components/action-sheet.tsx";
import { CopyButton } from "#app/components/copy-button.tsx";
import { DeviceOptionText, deviceOptionClass } from "#app/components/device-option.tsx";
import { HiddenFields } from "#app/components/hidden-fields.tsx";
import { OPENS_SHEET } from "#app/components/sheet-history.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import { CARD_REFUND_FIELDS as F } from "#app/purchase/form-fields.ts";

/** The card refund's device: the chosen one (id, current service, end date) and the picker that changes it. */
export function DeviceSection({ view }: { view: CardRefundView }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="device-heading" className="m-3 grid gap-3 rounded-2xl bg-white p-4 text-sm">
      <h2 id="device-heading" className="sr-only">
        {t("cardRefund.device")}
      </h2>
      <div className="flex items-center justify-between gap-3">
        <span className="text-neutral-600">{t("cardRefund.device")}</span>
        <Link
          id="refund-device-picker"
          to={view.picker.openHref}
          state={OPENS_SHEET}
          preventScrollReset
          className="tap-target inline-flex max-w-[60%] items-center rounded-full border border-sky-700 px-4 text-sky-700"
        >
          <span dir="auto" className="min-w-0 truncate">
            {view.device?.name ?? t("cardRefund.chooseDevice")}
          </span>
        </Link>
      </div>
      {view.device && (
        <>
          <div className="flex items-center justify-between gap-3">
            <span className="text-neutral-600">{t("cardRefund.deviceId")}</span>
            <span className="flex items-center gap-2">
              <span dir="ltr" className="font-mono break-all select-all">
                {view.device.id}
              </span>
              <CopyButton value={view.device.id} label={t("cardRefund.deviceId")} />
            </span>
          </div>
          {view.service && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2">
              <dt className="text-neutral-600">{t("cardRefund.currentService")}</dt>
              <dd dir="auto" className="text-end font-medium">
                {view.service.name}
              </dd>
              <dt className="text-neutral-600">{t("cardRefund.endDate")}</dt>
              <dd dir="ltr" className="text-end">
                {view.service.endDate || "—"}
              </dd>
            </dl>
          )}
        </>
      )}
      <ActionSheet open={view.picker.open} title={t("cardRefund.pickerTitle")} closeHref={view.picker.closeHref} closeLabel={t("cardRefund.cancel")} returnFocusTo="refund-device-picker">
        {view.picker.error !== null && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {view.picker.error}
          </p>
        )}
        <ul className="mt-3 grid gap-2">
          {view.picker.devices.map((device) => (
            <li key={device.id}>
              <Form method="post" replace preventScrollReset>
                <HiddenFields fields={{ [F.intent]: "device", [F.deviceId]: device.id }} />
                <button
                  type="submit"
                  aria-current={device.chosen ? "true" : undefined}
                  className={deviceOptionClass(device.chosen)}
                >
                  <DeviceOptionText name={device.name} id={device.id} />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </ActionSheet>
    </section>
  );
}
