import { ServiceType } from "#domain/services.ts";

/** Each sold service's purchase screen and order list (spec §2 route table), by service type. */
export const SERVICE_SCREENS: Readonly<Record<number, { buy: string; orders: string; titleKey: string }>> = {
  [ServiceType.cloudStorage]: { buy: "/app-h5/cloud/storage/buy", orders: "/app-h5/cloud/storage/order/list", titleKey: "storage.title" },
  [ServiceType.mobileData]: { buy: "/app-h5/cloud/mobile-data/buy", orders: "/app-h5/cloud/mobile-data/order/list", titleKey: "mobileData.title" },
  [ServiceType.vip]: { buy: "/app-h5/cloud/vip-package/buy", orders: "/app-h5/cloud/vip-package/order/list", titleKey: "vip.title" },
  [ServiceType.ai]: { buy: "/app-h5/cloud/ai-srv-package/buy", orders: "/app-h5/cloud/ai-srv-package/order/list", titleKey: "ai.title" },
};

export const orderDetailHref = (orderId: string) => `/app-h5/cloud/order/detail?${new URLSearchParams({ orderId })}`;
export const receiptHref = (orderId: string) => `/app-h5/cloud/order/receipt?${new URLSearchParams({ orderId })}`;
