import { useEffect } from "react";
import { Form, Link, useActionData, useNavigate } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { receiveCard, ReceiveView } from "#app/.server/purchase/vip-receive.ts";
import { ActionSheet } from "#app/components/action-sheet.tsx";
import { DeviceOptionText, deviceOptionClass } from "#app/components/device-option.tsx";
import { HiddenFields } from "#app/components/hidden-fields.tsx";
import { OPENS_SHEET } from "#app/components/sheet-history.ts";
import { useToast } from "#app/components/toasts.tsx";
import { useTranslation } from "#app/i18n/context.tsx";
import { enhancedValue, RECEIVE_FIELDS as R } from "#app/purchase/form-fields.ts";
import { Panel } from "#app/components/panel.tsx";

/** Product-rules §4: after a free receive, the screen leaves receive mode after 2 s. */
const LEAVE_RECEIVE_MS = 2_000;

/** Receive mode: the chosen device and the device picker action sheet (a link, so it works without JavaScript). */
export function ReceiveDevice({ receive }: { receive: ReceiveView }) {
  const { t } = useTranslation();
  return (
    <Panel id="receive-heading" title={t("vip.receiveTitle")}>
      <div className="mt-2 flex items-center justify-between gap-3 text-sm">
        <span className="text-neutral-600">{t("vip.device")}</span>
        <Link id="device-picker" to={receive.pickerHref} state={OPENS_SHEET} preventScrollReset className="tap-target inline-flex items-center rounded-full border border-sky-700 px-4 py-2 text-sky-700">
          {receive.chosen?.name || t("vip.chooseDevice")}
        </Link>
      </div>
      <ActionSheet open={receive.pickerOpen} title={t("vip.pickerTitle")} closeHref={receive.closePickerHref} closeLabel={t("vip.cancel")} returnFocusTo="device-picker">
        {receive.devicesError !== null && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {receive.devicesError || t("errors.unexpected")}
          </p>
        )}
        <ul className="mt-3 grid gap-2">
          {receive.devices.map((device) => (
            <li key={device.id}>
              <Link
                to={device.href}
                replace
                preventScrollReset
                aria-current={device.chosen ? "true" : undefined}
                className={deviceOptionClass(device.chosen)}
              >
                <DeviceOptionText name={device.name} id={device.id} />
              </Link>
            </li>
          ))}
        </ul>
      </ActionSheet>
    </Panel>
  );
}

export function ReceiveBar({ receive }: { receive: ReceiveView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const actionData = useActionData<typeof receiveCard>();
  const result = actionData && "received" in actionData ? actionData : null;
  useEffect(() => {
    if (!result) return;
    toast({ kind: result.received ? "success" : "error", message: result.message });
    if (!result.received) return;
    const timer = setTimeout(() => void navigate(result.next, { replace: true }), LEAVE_RECEIVE_MS);
    return () => clearTimeout(timer);
  }, [result, toast, navigate]);

  return (
    <div className="fixed inset-x-0 bottom-0 z-20 safe-x border-t border-neutral-200 bg-white pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div className="mx-auto max-w-md">
        {receive.chosen ? (
          <Form method="post" replace>
            <HiddenFields fields={{ [R.intent]: "receive", [R.deviceId]: receive.chosen.id, [R.deviceType]: String(receive.chosen.type), [R.enhanced]: enhancedValue(hydrated) }} />
            <button type="submit" className="w-full rounded-full bg-amber-500 py-3 text-base font-semibold text-black">
              {t("vip.receive")}
            </button>
          </Form>
        ) : (
          // Product-rules §5: without a device the receive button opens the device picker instead.
          <Link to={receive.pickerHref} state={OPENS_SHEET} preventScrollReset className="block w-full rounded-full bg-amber-500 py-3 text-center text-base font-semibold text-black">
            {t("vip.receive")}
          </Link>
        )}
      </div>
    </div>
  );
}
