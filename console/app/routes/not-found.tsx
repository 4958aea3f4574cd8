import { data } from "react-router";

/** Any other path: the console's "no such page", inside its layout. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
