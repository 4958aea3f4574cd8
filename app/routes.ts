import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { APP_HOME, ROUTED_SCREENS } from "./catalogue/screens.ts";

/** Product-rules §2 route table; one module per screen. The app screens come from the catalogue (catalogue/screens.ts). */
export default [
  index("routes/public/home.tsx"),
  route("about", "routes/public/about.tsx"),
  route("protocol/data-protection", "routes/public/notice.tsx", { id: "data-protection" }),
  route("protocol/storage-agreement", "routes/public/notice.tsx", { id: "storage-agreement" }),
  route("app", "routes/public/app-download.tsx", { id: "app-download-zh" }),
  route("app/viseecam/download", "routes/public/app-download.tsx", { id: "app-download-en" }),
  route("app/viseecam/user/privacy", "routes/public/privacy-redirect.tsx"),
  route(APP_HOME.slice(1), "routes/app-h5/layout.tsx", [
    ...ROUTED_SCREENS.map(({ path, file, id }) =>
      path === APP_HOME ? index(file) : id ? route(path.slice(APP_HOME.length + 1), file, { id }) : route(path.slice(APP_HOME.length + 1), file),
    ),
  ]),
  route("sandbox/*", "routes/provider-forward.ts", { id: "sandbox-forward" }),
  route("v1/pay/notify/:provider", "routes/provider-forward.ts", { id: "notify-forward" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
