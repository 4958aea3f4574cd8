import { Outlet } from "react-router";
import { launchMiddleware } from "#app/.server/launch/launch.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [launchMiddleware];

export default function AppH5Layout() {
  return <Outlet />;
}
