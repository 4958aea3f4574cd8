import { Form, useLoaderData } from "react-router";
import { auditLog } from "#contract/endpoints.ts";
import { buttonClass, cellClass, Field, fieldClass, Listing, Notice, pageQuery, PageTitle, Pager } from "../admin/ui.tsx";
import { filledIn, formatUtc, refusalOf } from "../.server/admin.ts";
import { auditChange } from "../.server/audit-view.ts";
import { callOperatorApi } from "../.server/cloud-api.ts";
import { withOperatorMessages } from "../.server/errors.ts";
import { translatorFor } from "../.server/locale.ts";
import { localeContext } from "../context.ts";
import { useTranslation } from "../i18n-context.tsx";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${matches[0].loaderData.messages.audit.title} · ${matches[0].loaderData.messages.shell.title}` }];

const FILTERS = ["operator", "action", "objectType", "objectId"] as const;

/** The filters are a GET form, so that a filtered page is a link and works without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const query = filledIn(new URL(request.url).searchParams);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query[name] ?? ""])) as Record<(typeof FILTERS)[number], string>;
  const input = auditLog.input.safeParse({ ...filledIn(Object.entries(filters)), ...(query.before ? { before: /^\d{1,15}$/.test(query.before) ? Number(query.before) : query.before } : {}) });
  if (!input.success) return { filters, refusal: refusalOf(input.error, translatorFor(locale)), actions: [], older: null };
  const t = translatorFor(locale);
  const { actions, nextBefore } = await withOperatorMessages(context, () => callOperatorApi(context, auditLog, input.data));
  const older = nextBefore === null ? null : pageQuery(filters, { before: String(nextBefore) });
  return {
    filters,
    refusal: undefined,
    actions: actions.map(({ before, after, ...row }) => ({ ...row, at: formatUtc(locale, row.at), change: auditChange(before, after, locale, t) })),
    older,
    paged: Boolean(query.before),
  };
}

export default function Audit() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title={t("audit.title")} intro={t("audit.intro")} />
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-4" aria-label={t("audit.filters")}>
        {FILTERS.map((name) => (
          <Field key={name} id={`filter-${name}`} label={t(`audit.${name}`)}>
            <input id={`filter-${name}`} name={name} defaultValue={page.filters[name]} className={fieldClass} />
          </Field>
        ))}
        <button type="submit" className={buttonClass}>
          {t("audit.apply")}
        </button>
      </Form>
      <Notice outcome={page.refusal} />
      <Listing columns={(["when", "who", "what", "object", "change", "note"] as const).map((column) => t(`audit.${column}`))} empty={page.actions.length === 0 ? t("audit.none") : null}>
        {page.actions.map((row) => (
          <tr key={row.id} data-testid="audit-row">
            <td className={cellClass}>{row.at}</td>
            <td className={cellClass}>
              {row.operatorEmail} ({t(`roles.${row.role as "viewer" | "support" | "admin"}`)})
            </td>
            <td className={cellClass}>{row.action}</td>
            <td className={cellClass}>
              {row.objectType} {row.objectId}
            </td>
            <td className={cellClass}>
              <ul>
                {row.change.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <details className="mt-1">
                <summary className="min-h-11 cursor-pointer content-center">{t("audit.exact")}</summary>
                {(["before", "after"] as const).map((side) => (
                  <div key={side}>
                    <p className="font-semibold">{t(`audit.${side}`)}</p>
                    <pre className="whitespace-pre-wrap">{row.change[side] ?? "–"}</pre>
                  </div>
                ))}
              </details>
            </td>
            <td className={cellClass}>{row.note ?? "–"}</td>
          </tr>
        ))}
      </Listing>
      <Pager
        first={page.paged ? { href: pageQuery(page.filters), label: t("audit.newest") } : null}
        next={page.older ? { href: page.older, label: t("audit.older") } : null}
      />
    </>
  );
}
