import { ServiceType } from "#domain/services.ts";
import { APP_HOME } from "./app-home.ts";

export { APP_HOME };

/**
 * The one catalogue of the app's screens (product-rules §2 route table) and of the services it sells. The route
 * table (app/routes.ts) and every link are derived from it; plain TypeScript, so Node scripts read it too.
 */
const screen = <const Path extends string>(path: Path, file: string, id?: string) => ({ path, file, id });

/** The screens a launch opens, under /app-h5 (product-rules §2), with the module that renders each. */
export const SCREENS = {
  appHome: screen(APP_HOME, "routes/app-h5/index.ts"),
  noLogin: screen("/app-h5/no-login/:type", "routes/app-h5/no-login.tsx"),
  coupons: screen("/app-h5/cloud/coupons", "routes/app-h5/cloud/coupons-select.tsx", "coupons_select"),
  storageBuy: screen("/app-h5/cloud/storage/buy", "routes/app-h5/cloud/storage-buy.tsx"),
  storageCardRefund: screen("/app-h5/cloud/storage-card/refund", "routes/app-h5/cloud/storage-card-refund.tsx"),
  mobileDataBuy: screen("/app-h5/cloud/mobile-data/buy", "routes/app-h5/cloud/mobile-data-buy.tsx"),
  vipBuy: screen("/app-h5/cloud/vip-package/buy", "routes/app-h5/cloud/vip-package-buy.tsx"),
  aiBuy: screen("/app-h5/cloud/ai-srv-package/buy", "routes/app-h5/cloud/ai-srv-package-buy.tsx"),
  storageOrders: screen("/app-h5/cloud/storage/order/list", "routes/app-h5/cloud/order-list.tsx", "storage-orders"),
  mobileDataOrders: screen("/app-h5/cloud/mobile-data/order/list", "routes/app-h5/cloud/order-list.tsx", "mobile-data-orders"),
  vipCardRefund: screen("/app-h5/cloud/vip-package-card/refund", "routes/app-h5/cloud/vip-card-refund.tsx"),
  vipOrders: screen("/app-h5/cloud/vip-package/order/list", "routes/app-h5/cloud/order-list.tsx", "vip-orders"),
  aiOrders: screen("/app-h5/cloud/ai-srv-package/order/list", "routes/app-h5/cloud/order-list.tsx", "ai-orders"),
  alipayCashier: screen("/app-h5/cloud/srv/alipay", "routes/app-h5/cloud/alipay-cashier.tsx"),
  paymentResult: screen("/app-h5/cloud/order/payment/result", "routes/app-h5/cloud/payment-result.tsx", "cloud_order_result"),
  orderDetail: screen("/app-h5/cloud/order/detail", "routes/app-h5/cloud/order-detail.tsx"),
  orderReceipt: screen("/app-h5/cloud/order/receipt", "routes/app-h5/cloud/order-receipt.tsx"),
  services: screen("/app-h5/cloud/services", "routes/app-h5/cloud/services.tsx"),
} as const;

/** Product-rules §5 no-login screens: 1 is "no access token" (signed out), 2 a launch that lacks what the screen needs. */
export const NO_LOGIN_PATHS = { signedOut: `${APP_HOME}/no-login/1`, launchIncomplete: `${APP_HOME}/no-login/2` } as const;
/** The no-login page's reason for a launch link that another website opened: refused, not damaged. */
export const LAUNCH_FROM_OTHER_SITE = "other_site";

/** What a screen needs from the launch (product-rules §5); "none" is a signed-in buyer who may still pick a device. */
export type LaunchNeed = "none" | "device" | "sim" | "vipCard";

/** Each sold service, by service type: its purchase screen (named as the coupon selector's `from`), order list and titles. */
export const SERVICES = {
  [ServiceType.cloudStorage]: { purchaseScreen: "storage_buy", buy: SCREENS.storageBuy.path, orders: SCREENS.storageOrders.path, titleKey: "storage.title", ordersTitleKey: "orders.storageTitle", launch: "device" },
  [ServiceType.mobileData]: { purchaseScreen: "mobile_data_buy", buy: SCREENS.mobileDataBuy.path, orders: SCREENS.mobileDataOrders.path, titleKey: "mobileData.title", ordersTitleKey: "orders.mobileDataTitle", launch: "sim" },
  [ServiceType.vip]: { purchaseScreen: "vip_buy", buy: SCREENS.vipBuy.path, orders: SCREENS.vipOrders.path, titleKey: "vip.title", ordersTitleKey: "orders.vipTitle", launch: "device" },
  [ServiceType.ai]: { purchaseScreen: "ai_srv_buy", buy: SCREENS.aiBuy.path, orders: SCREENS.aiOrders.path, titleKey: "ai.title", ordersTitleKey: "orders.aiTitle", launch: "device" },
} as const satisfies Record<number, { purchaseScreen: string; buy: string; orders: string; titleKey: string; ordersTitleKey: string; launch: LaunchNeed }>;

export type SoldServiceType = keyof typeof SERVICES;
export type Service = (typeof SERVICES)[SoldServiceType];
export type PurchaseScreen = Service["purchaseScreen"];

const SOLD = Object.keys(SERVICES).map(Number) as SoldServiceType[];

/** The sold service of a service type code from the upstream, if it is one. */
export const serviceOf = (type: number | null | undefined): Service | undefined => SOLD.includes(type as SoldServiceType) ? SERVICES[type as SoldServiceType] : undefined;

/** The service type whose purchase screen is named so (the coupon selector's `from`); own names only. */
export function serviceTypeOfScreen(name: string | null): SoldServiceType | undefined {
  return SOLD.find((type) => SERVICES[type].purchaseScreen === name);
}

/** The service type whose order list is at this path. */
export const serviceTypeOfOrders = (path: string): SoldServiceType | undefined => SOLD.find((type) => SERVICES[type].orders === path);
