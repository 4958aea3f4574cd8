import { requestOf } from "#app/.server/request-context.ts";
import type { Route } from "./+types/vip-card-refund";

/** Product-rules §2: the VIP card refund route is a blank placeholder; only its title is set. */
export function loader({ context }: Route.LoaderArgs) {
  return { title: requestOf(context).t("vipCardRefund.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function VipCardRefund({ loaderData: view }: Route.ComponentProps) {
  return (
    <main className="min-h-dvh">
      <h1 className="sr-only">{view.title}</h1>
    </main>
  );
}
