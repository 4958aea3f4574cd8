import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "../i18n-context.tsx";
import { BUTTON, LINK, SECONDARY } from "./format.ts";

/** The link to the next page of a list, when there is one (`?before=` or `?after=` the last row). */
export function NextPage({ param, cursor }: { param: "before" | "after"; cursor: number | null }) {
  const { t } = useTranslation();
  if (cursor === null) return null;
  return (
    <Link to={`?${param}=${cursor}`} className={LINK}>
      {t("promo.next")}
    </Link>
  );
}

/** What a form's post answered: a refusal as an alert, what was done as a status. */
export function FormAnswer({ answer }: { answer: { error: string } | { done: string } | undefined }) {
  if (!answer) return null;
  const refused = "error" in answer;
  return (
    <p role={refused ? "alert" : "status"} className={`mt-2 rounded-md border p-3 ${refused ? "border-red-700 text-red-800 dark:text-red-300" : "border-neutral-400"}`}>
      {refused ? answer.error : answer.done}
    </p>
  );
}

/** A row's revoke button: a form post of the row's key, named for the row it revokes. */
export function RevokeButton({ field, value, names }: { field: string; value: string | number; names: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name={field} value={value} />
      <button type="submit" name="intent" value="revoke" aria-label={`${t("promo.revoke")} ${names}`} className={SECONDARY}>
        {t("promo.revoke")}
      </button>
    </Form>
  );
}

/**
 * An admin's form that makes a campaign or a batch: its heading, the refusal of the last post, and the form's own
 * request id, so that posting it twice makes one.
 */
export function CreateForm(props: { id: string; title: string; submit: string; requestId: string; refused: { error: string } | undefined; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="mt-8 max-w-xl">
      <h2 id={props.id} className="text-xl font-semibold">
        {props.title}
      </h2>
      <FormAnswer answer={props.refused} />
      <Form method="post" className="mt-2 grid gap-3">
        <input type="hidden" name="requestId" value={props.requestId} />
        {props.children}
        <button type="submit" className={BUTTON}>
          {props.submit}
        </button>
      </Form>
    </section>
  );
}
