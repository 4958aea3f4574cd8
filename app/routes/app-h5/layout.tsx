import { Outlet } from "react-router";
import { screenViewMiddleware } from "#app/.server/funnel.ts";
import { launchMiddleware } from "#app/.server/launch/launch.ts";
import { ErrorView } from "#app/components/error-view.tsx";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [launchMiddleware, screenViewMiddleware];

export default function AppH5Layout() {
  return <Outlet />;
}

/** Every app screen's error (an upstream down, a 404) is explained here, with Try again and the way back to the store. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
