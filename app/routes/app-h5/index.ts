import { href, redirect } from "react-router";
import { ServiceType } from "#domain/services.ts";
import { SERVICES } from "#app/catalogue/screens.ts";

/** Product-rules §2: the app home opens the cloud storage purchase page. */
export function loader() {
  throw redirect(href(SERVICES[ServiceType.cloudStorage].buy));
}
