import { Link } from "react-router";
import { servicesSoldFor } from "#domain/services.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { serviceOf } from "#app/catalogue/screens.ts";
import { timelineView } from "#app/.server/services/timeline-view.ts";
import { entitlementTimeline } from "#app/.server/upstream/endpoints.ts";
import { RenewReminder, ServiceTimeline } from "#app/components/services/service-timeline.tsx";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/services";

/**
 * My services: for the launched device, each service it can have, what is in use and until when,
 * what is queued after it and what ended lately, with the renewal reminder and the way to buy.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const req = requestOf(context);
  const { launch } = req.requireLaunch("device");
  const { t, locale: language } = req;
  const timeZone = req.timeZone(launch.countryCode);
  const result = await req.upstream.call(entitlementTimeline, { deviceId: launch.deviceId, language });
  const offered: number[] = servicesSoldFor(launch.deviceType);
  const services = result.ok
    ? result.data.services
        // A service the device does not sell here still shows when it holds a period of it (a card, say).
        .filter((s) => offered.includes(s.serviceType) || s.inUse || s.queued.length > 0)
        .flatMap((service) => {
          const screens = serviceOf(service.serviceType);
          if (!screens) return [];
          return [
            {
              serviceType: service.serviceType,
              title: t(screens.titleKey),
              buyHref: screens.buy,
              ordersHref: screens.orders,
              timeline: timelineView(service, { t, language, timeZone, renewHref: screens.buy }),
            },
          ];
        })
    : [];
  return {
    title: t("services.title"),
    device: launch.deviceName || launch.deviceId,
    error: result.ok ? null : result.msg || t("errors.unexpected"),
    services,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function Services({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-md p-3 pb-10">
      <h1 className="px-1 pt-2 text-lg font-semibold">{view.title}</h1>
      <p dir="auto" className="px-1 pb-2 text-sm text-neutral-600">
        {view.device}
      </p>
      {view.error !== null && (
        <p role="alert" className="rounded-2xl bg-white p-4 text-sm text-red-700">
          {view.error}
        </p>
      )}
      <div className="grid gap-3">
        {view.services.map((service) => (
          <section key={service.serviceType} aria-labelledby={`service-${service.serviceType}`} className="rounded-2xl bg-white p-4">
            <h2 id={`service-${service.serviceType}`} className="mb-3 text-base font-semibold">
              {service.title}
            </h2>
            {service.timeline.reminder && (
              <div className="-mx-3 -mt-1 mb-2">
                <RenewReminder reminder={service.timeline.reminder} />
              </div>
            )}
            <ServiceTimeline view={service.timeline} />
            <p className="mt-3 flex justify-end gap-2 text-sm">
              <Link to={service.ordersHref} className="tap-target inline-flex items-center rounded-full px-3 text-sky-700">
                {t("services.orders")}
              </Link>
              <Link to={service.buyHref} className="tap-target inline-flex items-center rounded-full border border-sky-700 px-4 font-medium text-sky-700">
                {t("services.buy")}
              </Link>
            </p>
          </section>
        ))}
      </div>
    </main>
  );
}
