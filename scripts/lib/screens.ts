import { readFileSync } from "node:fs";
import { DEMO_CARD_CODES, DEMO_DEVICES } from "#demo/seed.ts";
import { SOLD_SERVICE_TYPES } from "#domain/services.ts";
import { SERVICES } from "#app/catalogue/screens.ts";
import { demoDeviceOf, launchScreen, type LaunchChoices } from "./launch-link.ts";

/** The launch links `npm start` prints: each screen, in the states worth opening. */
export interface ScreenLink extends LaunchChoices {
  label: string;
  screen: string;
  deviceId: string;
}

/** The purchase screens in the states worth opening. */
const PURCHASE_STATES: ScreenLink[] = [
  { label: "4G top-up (CN, English)", screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.sim },
  { label: "4G top-up (CN, Chinese, encrypted link)", screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.sim, language: "zh", version: "2" },
  { label: "4G top-up (US, Arabic)", screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.sim, country: "US", language: "ar" },
  { label: "4G top-up, data used up", screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.simExhausted },
  { label: "4G top-up, unlimited package", screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.simUnlimited },
  { label: "4G top-up, SIM exception", screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.simException },
  { label: "4G top-up, payment chooser open", screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.simSpare, query: { pay: "1" } },
  { label: "VIP (CN, camera)", screen: "cloud/vip-package/buy", deviceId: DEMO_DEVICES.camera },
  { label: "VIP (US, SIM device)", screen: "cloud/vip-package/buy", deviceId: DEMO_DEVICES.sim, country: "US" },
  { label: "VIP card, free receive", screen: "cloud/vip-package/buy", deviceId: DEMO_DEVICES.cameraNoPackage, pageType: "vip_card_receive", codeId: DEMO_CARD_CODES.vipNew, serviceId: 502 },
  { label: "Super AI (CN)", screen: "cloud/ai-srv-package/buy", deviceId: DEMO_DEVICES.camera },
  { label: "Cloud storage (CN, all-day)", screen: "cloud/storage/buy", deviceId: DEMO_DEVICES.camera },
  { label: "Cloud storage (US, event recording)", screen: "cloud/storage/buy", deviceId: DEMO_DEVICES.cameraNoPackage, country: "US", query: { tab: "event" } },
  { label: "Coupon selector (4G top-up)", screen: "cloud/coupons", deviceId: DEMO_DEVICES.sim, query: { from: "mobile_data_buy" } },
];

const english = JSON.parse(readFileSync(new URL("../../locales/en/common.json", import.meta.url), "utf8")) as Record<string, Record<string, string>>;
/** A text of the English locale by its key ("orders.vipTitle"): the screen's own title. */
const englishText = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english) as string;

/**
 * Each sold service's purchase screen (when no state above opens it) and its order list, named by their English
 * titles, on a demo device of a kind the service is sold for: a new service of the catalogue is listed without
 * an entry here.
 */
const SERVICE_SCREENS: ScreenLink[] = SOLD_SERVICE_TYPES.flatMap((type) => {
  const service = SERVICES[type];
  const deviceId = demoDeviceOf(type);
  const purchase = PURCHASE_STATES.some((link) => link.screen === launchScreen(service.buy)) ? [] : [{ label: `${englishText(service.titleKey)} (CN)`, screen: launchScreen(service.buy), deviceId }];
  return [...purchase, { label: englishText(service.ordersTitleKey), screen: launchScreen(service.orders), deviceId }];
});

export const SCREEN_LINKS: ScreenLink[] = [
  ...PURCHASE_STATES,
  ...SERVICE_SCREENS,
  { label: "Cloud card refund, a received package", screen: "cloud/storage-card/refund", deviceId: DEMO_DEVICES.cameraNoPackage },
  { label: "Cloud card refund, already cancelled (US)", screen: "cloud/storage-card/refund", deviceId: DEMO_DEVICES.camera, country: "US" },
  { label: "Cloud card refund, no device chosen yet", screen: "cloud/storage-card/refund", deviceId: "" },
  { label: "VIP card refund (blank placeholder)", screen: "cloud/vip-package-card/refund", deviceId: DEMO_DEVICES.camera },
  { label: "Payment result, purchase complete", screen: "cloud/order/payment/result", deviceId: DEMO_DEVICES.sim, query: { orderId: "DEMO2000006" } },
  { label: "Payment result, still waiting", screen: "cloud/order/payment/result", deviceId: DEMO_DEVICES.sim, query: { orderId: "DEMO2000001" } },
  { label: "Order detail, delivered", screen: "cloud/order/detail", deviceId: DEMO_DEVICES.cameraRenewal, query: { orderId: "DEMO1000026" } },
  { label: "Order detail, refund in progress", screen: "cloud/order/detail", deviceId: DEMO_DEVICES.sim, query: { orderId: "DEMO2000010" } },
  { label: "Order detail, waiting to pay (cancel, repay)", screen: "cloud/order/detail", deviceId: DEMO_DEVICES.camera, query: { orderId: "DEMO1000007" } },
  { label: "Receipt", screen: "cloud/order/receipt", deviceId: DEMO_DEVICES.cameraRenewal, query: { orderId: "DEMO1000026" } },
  { label: "My services (storage ending soon, VIP queued)", screen: "cloud/services", deviceId: DEMO_DEVICES.cameraRenewal },
  { label: "Cloud storage, ending soon (renewal reminder)", screen: "cloud/storage/buy", deviceId: DEMO_DEVICES.cameraRenewal },
];

/**
 * The Alipay cashier with a storage order waiting for Alipay. Only the launcher lists it: the page submits
 * itself to the provider after 300 ms, so the journeys and the bench that go through SCREEN_LINKS would
 * measure the provider's page instead.
 */
export const ALIPAY_CASHIER: ScreenLink = { label: "Alipay cashier (an order waiting for Alipay)", screen: "cloud/srv/alipay", deviceId: DEMO_DEVICES.camera, query: { orderId: "DEMO1000008" } };

/** The public pages, which need no launch. */
export const PUBLIC_PAGES: { label: string; path: string }[] = [
  { label: "Home (marketing page)", path: "/" },
  { label: "About", path: "/about" },
  { label: "Data protection notice", path: "/protocol/data-protection" },
  { label: "App download (Chinese title)", path: "/app" },
  { label: "App download (English title)", path: "/app/viseecam/download" },
  { label: "Privacy policy redirect (Japanese)", path: "/app/viseecam/user/privacy?language=ja" },
];
