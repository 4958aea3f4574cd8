import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Status } from "#contract/codes.ts";
import { operatorCreate, operatorList, operatorUpdate } from "#contract/endpoints.ts";
import { OPERATOR_ROLES } from "#contract/operator.ts";
import { buttonClass, cellClass, Field, fieldClass, Notice, PageTitle, quietButtonClass } from "../admin/ui.tsx";
import { filledIn, formatUtc, refusalOf } from "../.server/admin.ts";
import { callOperatorApi, getOperator, OperatorApiError } from "../.server/cloud-api.ts";
import { operatorApiMessage, withOperatorMessages } from "../.server/errors.ts";
import { translatorFor } from "../.server/locale.ts";
import { localeContext } from "../context.ts";
import { useTranslation } from "../i18n-context.tsx";
import type { Route } from "./+types/operators";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${matches[0].loaderData.messages.operators.title} · ${matches[0].loaderData.messages.shell.title}` }];

export async function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const t = translatorFor(locale);
  const { operators } = await withOperatorMessages(context, () => callOperatorApi(context, operatorList, {}));
  return {
    me: getOperator(context).email,
    operators: operators.map((operator) => ({
      ...operator,
      lastChange: t("operators.changedBy", { when: formatUtc(locale, operator.updatedAt), by: operator.updatedBy ?? t("operators.outsideConsole") }),
    })),
  };
}

/** Adding an operator, or changing one's role or status from the version the page showed (intent). */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = context.get(localeContext);
  const t = translatorFor(locale);
  const operator = getOperator(context);
  const form = filledIn(await request.formData());
  const status = (enabled: boolean) => t(enabled ? "operators.enabled" : "operators.disabled");
  try {
    if (form.intent === "create") {
      const input = operatorCreate.input.safeParse({ email: form.email, name: form.name, role: form.role });
      if (!input.success) return refusalOf(input.error, t);
      const created = await callOperatorApi(context, operatorCreate, input.data).catch((error: unknown) => {
        if (error instanceof OperatorApiError && error.status === Status.conflict) return null;
        throw error;
      });
      if (!created) return { refused: t("operators.exists", { email: input.data.email }) };
      return { done: t("operators.added", { email: created.email, role: t(`roles.${created.role}`) }) };
    }
    const input = operatorUpdate.input.safeParse({
      email: form.email,
      version: Number(form.version),
      role: form.role,
      enabled: form.enabled === undefined ? undefined : form.enabled === "true",
    });
    if (!input.success) return refusalOf(input.error, t);
    try {
      const saved = await callOperatorApi(context, operatorUpdate, input.data);
      return { done: t("operators.saved", { email: saved.email, role: t(`roles.${saved.role}`), status: status(saved.enabled) }) };
    } catch (error) {
      if (!(error instanceof OperatorApiError && error.status === Status.conflict)) throw error;
      // Say in the operator's language which of the cloud-api's conflicts it was: someone else's change, themself, the last admin.
      if (input.data.email === operator.email) return { refused: t("operators.notYourself") };
      const now = (await callOperatorApi(context, operatorList, {})).operators.find((candidate) => candidate.email === input.data.email);
      if (now && now.version !== input.data.version) {
        return { refused: t("operators.stale", { email: now.email, by: now.updatedBy ?? t("operators.outsideConsole"), when: formatUtc(locale, now.updatedAt) }) };
      }
      return { refused: t("operators.lastAdmin", { email: input.data.email }) };
    }
  } catch (error) {
    const message = operatorApiMessage(error, t, operator);
    if (message === null) throw error;
    return { refused: message };
  }
}

export default function Operators() {
  const { t } = useTranslation();
  const { operators, me } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  // Until the list is read again after a post, its forms would name the version before it: they wait.
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageTitle title={t("operators.title")} intro={t("operators.intro")} />
      <Notice outcome={outcome} />
      <section aria-labelledby="add-operator" className="mt-8">
        <h2 id="add-operator" className="text-xl font-semibold">
          {t("operators.addTitle")}
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="create" />
          <Field id="new-email" label={t("operators.email")}>
            <input id="new-email" name="email" type="email" required autoComplete="off" className={fieldClass} />
          </Field>
          <Field id="new-name" label={t("operators.name")}>
            <input id="new-name" name="name" required maxLength={100} autoComplete="off" className={fieldClass} />
          </Field>
          <Field id="new-role" label={t("operators.role")}>
            <select id="new-role" name="role" defaultValue="viewer" className={fieldClass}>
              {OPERATOR_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" disabled={busy} className={buttonClass}>
            {t("operators.add")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="operators-list" className="mt-8">
        <h2 id="operators-list" className="text-xl font-semibold">
          {t("operators.listTitle")}
        </h2>
        <table className="mt-3 w-full border-collapse text-left text-sm">
          <thead>
            <tr>
              <th className={cellClass}>{t("operators.name")}</th>
              <th className={cellClass}>{t("operators.email")}</th>
              <th className={cellClass}>{t("operators.role")}</th>
              <th className={cellClass}>{t("operators.status")}</th>
              <th className={cellClass}>{t("operators.lastChange")}</th>
            </tr>
          </thead>
          <tbody>
            {operators.map((operator) => (
              <tr key={operator.email} data-testid={`operator-${operator.email}`}>
                <td className={cellClass}>
                  {operator.name} {operator.email === me && t("operators.you")}
                </td>
                <td className={cellClass}>{operator.email}</td>
                <td className={cellClass}>
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="email" value={operator.email} />
                    <input type="hidden" name="version" value={operator.version} />
                    <select name="role" defaultValue={operator.role} aria-label={t("operators.newRole", { name: operator.name })} className={fieldClass}>
                      {OPERATOR_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                    <button type="submit" disabled={busy} className={quietButtonClass}>
                      {t("operators.saveRole")}
                    </button>
                  </Form>
                </td>
                <td className={cellClass}>
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <span>{t(operator.enabled ? "operators.enabled" : "operators.disabled")}</span>
                    <input type="hidden" name="intent" value="enabled" />
                    <input type="hidden" name="email" value={operator.email} />
                    <input type="hidden" name="version" value={operator.version} />
                    <input type="hidden" name="enabled" value={String(!operator.enabled)} />
                    <button type="submit" disabled={busy} className={quietButtonClass}>
                      {t(operator.enabled ? "operators.disable" : "operators.enable", { name: operator.name })}
                    </button>
                  </Form>
                </td>
                <td className={cellClass}>{operator.lastChange}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
