import { href, redirect } from "react-router";
import { SCREENS } from "#app/catalogue/screens.ts";

/** Product-rules §2: the app home opens the cloud storage purchase page. */
export function loader() {
  throw redirect(href(SCREENS.storageBuy.path));
}
