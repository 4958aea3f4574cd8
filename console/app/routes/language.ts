import { redirect } from "react-router";
import { isConsoleLocale } from "../i18n.ts";
import { languageCookie } from "../.server/locale.ts";
import type { Route } from "./+types/language";

/** Only a path of this console: never another origin ("//host", "/\\host") from a crafted form. */
const samePath = (back: FormDataEntryValue | null) => (typeof back === "string" && /^\/(?![/\\])/.test(back) ? back : "/");

/** The language switch (a form post, so it works without JavaScript): remembered in a cookie, back to the same page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  if (!isConsoleLocale(language)) throw new Response("language must be en or zh", { status: 400 });
  const secure = new URL(request.url).protocol === "https:";
  return redirect(samePath(form.get("back")), { headers: { "Set-Cookie": await languageCookie.serialize(language, { secure }) } });
}

export const loader = () => redirect("/");
