import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { CURRENCIES } from "#domain/money.ts";
import { DeviceType, SOLD_SERVICE_TYPES } from "#domain/services.ts";
import { operatorPackageList, operatorPackageReorder } from "#contract/endpoints.ts";
import type { Route } from "./+types/packages";
import { callOperatorApi } from "../.server/cloud-api.ts";
import { attempt, packagePageContext, requireEditor } from "../.server/package-actions.ts";
import { packageRow, type PackageRowView } from "../.server/package-view.ts";
import type { MessageKey } from "../i18n.ts";
import { cell, PackageNameCell, PackageTable } from "../components/package-table.tsx";
import { useTranslation } from "../i18n-context.tsx";

/** The filters in the address (?region=CNY&service=1&device=2): what the list endpoint takes; anything else shows all. */
const filters = z.object({
  currencyCode: z.enum(CURRENCIES).optional().catch(undefined),
  serviceType: z.coerce.number().pipe(z.literal(SOLD_SERVICE_TYPES)).optional().catch(undefined),
  deviceType: z.coerce.number().pipe(z.literal([DeviceType.camera, DeviceType.sim])).optional().catch(undefined),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, locale, canEdit } = packagePageContext(context);
  const query = new URL(request.url).searchParams;
  const chosen = filters.parse({ currencyCode: query.get("region") || undefined, serviceType: query.get("service") || undefined, deviceType: query.get("device") || undefined });
  const { packages } = await callOperatorApi(context, operatorPackageList, chosen);
  const rows = packages.map((state) => packageRow(state, t, locale));
  return {
    chosen: { region: chosen.currencyCode ?? "", service: chosen.serviceType?.toString() ?? "", device: chosen.deviceType?.toString() ?? "" },
    canEdit,
    offered: rows.filter((row) => row.retiredOn === null),
    retired: rows.filter((row) => row.retiredOn !== null),
  };
}

/** Moving a package up or down among its buyers' list; back to the same filtered list. */
export async function action({ context, request }: Route.ActionArgs) {
  const { t } = requireEditor(context);
  const form = await request.formData();
  const move = operatorPackageReorder.input.safeParse({ packageId: Number(form.get("packageId")), version: Number(form.get("version")), direction: form.get("direction") });
  if (!move.success) return { message: t("packages.badValue") };
  const done = await attempt(context, () => callOperatorApi(context, operatorPackageReorder, move.data));
  if (!done.ok) return { message: done.message };
  return redirect(`/packages${new URL(request.url).search}`);
}

const button = "min-h-11 min-w-11 rounded-md border border-neutral-400 px-3 hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-800";

function Filters({ chosen }: { chosen: { region: string; service: string; device: string } }) {
  const { t } = useTranslation();
  const select = (name: string, label: MessageKey, all: MessageKey, options: { value: string; label: string }[], value: string) => (
    <label className="flex flex-col gap-1">
      <span className="font-medium">{t(label)}</span>
      <select name={name} defaultValue={value} className="min-h-11 rounded-md border border-neutral-400 bg-white px-3 dark:border-neutral-600 dark:bg-neutral-900">
        <option value="">{t(all)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Form method="get" className="flex flex-wrap items-end gap-4" aria-label={t("packages.filters")}>
      {select("region", "packages.region", "packages.allRegions", CURRENCIES.map((code) => ({ value: code, label: t(`packages.region_${code}` as MessageKey) })), chosen.region)}
      {select("service", "packages.service", "packages.allServices", SOLD_SERVICE_TYPES.map((code) => ({ value: String(code), label: t(`packages.service_${code}` as MessageKey) })), chosen.service)}
      {select("device", "packages.deviceType", "packages.allDevices", Object.values(DeviceType).map((code) => ({ value: String(code), label: t(`packages.device_${code}` as MessageKey) })), chosen.device)}
      <button type="submit" className={button}>
        {t("packages.show")}
      </button>
    </Form>
  );
}

function MoveButton({ row, direction, label }: { row: PackageRowView; direction: "up" | "down"; label: string }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="packageId" value={row.id} />
      <input type="hidden" name="version" value={row.version} />
      <button type="submit" name="direction" value={direction} aria-label={label} className={button}>
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      </button>
    </Form>
  );
}

function OfferedTable({ rows, canEdit }: { rows: PackageRowView[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const columns: MessageKey[] = ["packages.name", "packages.productId", "packages.service", "packages.region", "packages.deviceType", "packages.price", "packages.period", "packages.badge", "packages.version"];
  return (
    <PackageTable caption={t("packages.onSale")} columns={canEdit ? [...columns, "packages.order"] : columns}>
      {rows.map((row, index) => (
        <tr key={row.id}>
          <PackageNameCell id={row.id} name={row.name} />
          <td className={cell}>{row.productId}</td>
          <td className={cell}>{row.service}</td>
          <td className={cell}>{row.region}</td>
          <td className={cell}>{row.devices}</td>
          <td className={cell}>
            {row.salePrice}
            {row.originPrice === row.salePrice ? null : (
              <>
                {" "}
                <s className="text-neutral-700 dark:text-neutral-300">{row.originPrice}</s>
              </>
            )}
          </td>
          <td className={cell}>{row.period}</td>
          <td className={cell}>{row.badge}</td>
          <td className={cell}>{row.version}</td>
          {canEdit ? (
            <td className={`${cell} whitespace-nowrap`}>
              {rows[index - 1]?.group === row.group ? <MoveButton row={row} direction="up" label={t("packages.moveUp", { name: row.name })} /> : null}{" "}
              {rows[index + 1]?.group === row.group ? <MoveButton row={row} direction="down" label={t("packages.moveDown", { name: row.name })} /> : null}
            </td>
          ) : null}
        </tr>
      ))}
    </PackageTable>
  );
}

function RetiredTable({ rows }: { rows: PackageRowView[] }) {
  const { t } = useTranslation();
  return (
    <PackageTable caption={t("packages.retired")} columns={["packages.name", "packages.productId", "packages.service", "packages.region", "packages.price", "packages.retiredOn"]}>
      {rows.map((row) => (
        <tr key={row.id}>
          <PackageNameCell id={row.id} name={row.name} />
          <td className={cell}>{row.productId}</td>
          <td className={cell}>{row.service}</td>
          <td className={cell}>{row.region}</td>
          <td className={cell}>{row.salePrice}</td>
          <td className={cell}>{row.retiredOn}</td>
        </tr>
      ))}
    </PackageTable>
  );
}

export default function Packages() {
  const { chosen, canEdit, offered, retired } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <title>{t("packages.title")}</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{t("packages.title")}</h1>
        {canEdit ? (
          <Link to="/packages/new" className="inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800">
            {t("packages.new")}
          </Link>
        ) : null}
      </div>
      <Filters chosen={chosen} />
      {refused?.message ? (
        <p role="alert" className="font-medium text-red-800 dark:text-red-300">
          {refused.message}
        </p>
      ) : null}
      <section aria-labelledby="offered" className="overflow-x-auto">
        <h2 id="offered" className="mb-2 text-lg font-semibold">
          {t("packages.onSale")}
        </h2>
        {offered.length ? <OfferedTable rows={offered} canEdit={canEdit} /> : <p>{t("packages.none")}</p>}
      </section>
      {retired.length ? (
        <section aria-labelledby="retired" className="overflow-x-auto">
          <h2 id="retired" className="mb-2 text-lg font-semibold">
            {t("packages.retired")}
          </h2>
          <RetiredTable rows={retired} />
        </section>
      ) : null}
    </div>
  );
}
