import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** Spec §2 route table; one module per screen. */
export default [
  index("routes/public/home.tsx"),
  route("about", "routes/public/about.tsx"),
  route("protocol/data-protection", "routes/public/data-protection.tsx"),
  route("app", "routes/public/app-download.tsx", { id: "app-download-zh" }),
  route("app/viseecam/download", "routes/public/app-download.tsx", { id: "app-download-en" }),
  route("app/viseecam/user/privacy", "routes/public/privacy-redirect.tsx"),
  route("app-h5", "routes/app-h5/layout.tsx", [
    index("routes/app-h5/index.ts"),
    route("no-login/:type", "routes/app-h5/no-login.tsx"),
    route("cloud/coupons", "routes/app-h5/cloud/coupons-select.tsx", { id: "coupons_select" }),
    route("cloud/storage/buy", "routes/app-h5/cloud/storage-buy.tsx"),
    route("cloud/storage-card/refund", "routes/app-h5/cloud/storage-card-refund.tsx"),
    route("cloud/mobile-data/buy", "routes/app-h5/cloud/mobile-data-buy.tsx"),
    route("cloud/vip-package/buy", "routes/app-h5/cloud/vip-package-buy.tsx"),
    route("cloud/ai-srv-package/buy", "routes/app-h5/cloud/ai-srv-package-buy.tsx"),
    route("cloud/storage/order/list", "routes/app-h5/cloud/order-list.tsx", { id: "storage-orders" }),
    route("cloud/mobile-data/order/list", "routes/app-h5/cloud/order-list.tsx", { id: "mobile-data-orders" }),
    route("cloud/vip-package-card/refund", "routes/app-h5/cloud/vip-card-refund.tsx"),
    route("cloud/vip-package/order/list", "routes/app-h5/cloud/order-list.tsx", { id: "vip-orders" }),
    route("cloud/ai-srv-package/order/list", "routes/app-h5/cloud/order-list.tsx", { id: "ai-orders" }),
    route("cloud/srv/alipay", "routes/app-h5/cloud/alipay-cashier.tsx"),
    route("cloud/order/payment/result", "routes/app-h5/cloud/payment-result.tsx", { id: "cloud_order_result" }),
    route("cloud/order/detail", "routes/app-h5/cloud/order-detail.tsx"),
    route("cloud/order/receipt", "routes/app-h5/cloud/order-receipt.tsx"),
    route("cloud/services", "routes/app-h5/cloud/services.tsx"),
  ]),
  route("sandbox/*", "routes/provider-forward.ts", { id: "sandbox-forward" }),
  route("v1/pay/notify/:provider", "routes/provider-forward.ts", { id: "notify-forward" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
