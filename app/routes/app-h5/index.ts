import { redirect } from "react-router";

/** Spec §2: /app-h5 opens the cloud storage purchase page. */
export function loader() {
  throw redirect("/app-h5/cloud/storage/buy");
}
