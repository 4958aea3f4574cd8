import { data } from "react-router";

/** Any path outside the route table: a 404 that the root error boundary explains. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
