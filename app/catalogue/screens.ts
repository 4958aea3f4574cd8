import { ServiceType, SOLD_SERVICE_TYPES, type SoldServiceType } from "#domain/services.ts";
import { APP_HOME } from "./app-home.ts";

export { APP_HOME };

/**
 * The one catalogue of the app's screens (product-rules §2 route table) and of the services it sells. The route
 * table (app/routes.ts) and every link are derived from it; plain TypeScript, so Node scripts read it too.
 */
const screen = <const Path extends string>(path: Path, file: string, id?: string) => ({ path, file, id });

/** The screens a launch opens, under /app-h5 (product-rules §2), with the module that renders each; each sold service's two are in SERVICES. */
export const SCREENS = {
  appHome: screen(APP_HOME, "routes/app-h5/index.ts"),
  noLogin: screen("/app-h5/no-login/:type", "routes/app-h5/no-login.tsx"),
  coupons: screen("/app-h5/cloud/coupons", "routes/app-h5/cloud/coupons-select.tsx", "coupons_select"),
  storageCardRefund: screen("/app-h5/cloud/storage-card/refund", "routes/app-h5/cloud/storage-card-refund.tsx"),
  vipCardRefund: screen("/app-h5/cloud/vip-package-card/refund", "routes/app-h5/cloud/vip-card-refund.tsx"),
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

/** A sold service's screens: every order list is this module; the path says which service it lists. */
const ORDER_LIST_MODULE = "routes/app-h5/cloud/order-list.tsx";

export interface ServiceScreens {
  /** The purchase screen's name, as the coupon selector's `from` says where to return (product-rules §2). */
  purchaseScreen: string;
  buy: string;
  buyModule: string;
  orders: string;
  titleKey: string;
  ordersTitleKey: string;
  launch: LaunchNeed;
  /** Query parameters the purchase screen is given back with the coupon the buyer chose. */
  couponReturn?: Record<string, string>;
}

/**
 * Each sold service's screens by service type, beside its rules in domain/services.ts: its purchase screen
 * (path, module and name), its order list, titles and what the launch must carry. A service of the domain
 * without an entry here, or an entry for a code the domain does not sell, does not compile.
 */
export const SERVICES = {
  [ServiceType.cloudStorage]: {
    purchaseScreen: "storage_buy",
    buy: "/app-h5/cloud/storage/buy",
    buyModule: "routes/app-h5/cloud/storage-buy.tsx",
    orders: "/app-h5/cloud/storage/order/list",
    titleKey: "storage.title",
    ordersTitleKey: "orders.storageTitle",
    launch: "device",
  },
  [ServiceType.mobileData]: {
    purchaseScreen: "mobile_data_buy",
    buy: "/app-h5/cloud/mobile-data/buy",
    buyModule: "routes/app-h5/cloud/mobile-data-buy.tsx",
    orders: "/app-h5/cloud/mobile-data/order/list",
    titleKey: "mobileData.title",
    ordersTitleKey: "orders.mobileDataTitle",
    launch: "sim",
  },
  [ServiceType.vip]: {
    purchaseScreen: "vip_buy",
    buy: "/app-h5/cloud/vip-package/buy",
    buyModule: "routes/app-h5/cloud/vip-package-buy.tsx",
    orders: "/app-h5/cloud/vip-package/order/list",
    titleKey: "vip.title",
    ordersTitleKey: "orders.vipTitle",
    launch: "device",
  },
  [ServiceType.ai]: {
    purchaseScreen: "ai_srv_buy",
    buy: "/app-h5/cloud/ai-srv-package/buy",
    buyModule: "routes/app-h5/cloud/ai-srv-package-buy.tsx",
    orders: "/app-h5/cloud/ai-srv-package/order/list",
    titleKey: "ai.title",
    ordersTitleKey: "orders.aiTitle",
    launch: "device",
    // Product-rules §2: the AI screen is also told which tab to show when it gets the coupon back.
    couponReturn: { selectedId: "1" },
  },
} as const satisfies { [Type in SoldServiceType]: ServiceScreens };

export type Service = (typeof SERVICES)[SoldServiceType];
export type PurchaseScreen = Service["purchaseScreen"];

/** Every routed app screen: those above and each sold service's purchase screen and order list (route id: its path). */
export const ROUTED_SCREENS = [
  ...Object.values(SCREENS),
  ...SOLD_SERVICE_TYPES.flatMap((type) => {
    const service: ServiceScreens = SERVICES[type];
    return [screen(service.buy, service.buyModule), screen(service.orders, ORDER_LIST_MODULE, service.orders)];
  }),
];


/** The sold service of a service type code from the upstream, if it is one. */
export const serviceOf = (type: number | null | undefined): Service | undefined => SOLD_SERVICE_TYPES.includes(type as SoldServiceType) ? SERVICES[type as SoldServiceType] : undefined;

/** The service type whose purchase screen is named so (the coupon selector's `from`); own names only. */
export function serviceTypeOfScreen(name: string | null): SoldServiceType | undefined {
  return SOLD_SERVICE_TYPES.find((type) => SERVICES[type].purchaseScreen === name);
}

/** The service type whose order list is at this path. */
export const serviceTypeOfOrders = (path: string): SoldServiceType | undefined => SOLD_SERVICE_TYPES.find((type) => SERVICES[type].orders === path);
