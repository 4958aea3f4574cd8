import type { AnyOperation } from "../http/operation.ts";
import { aiInfo } from "./ai-info.ts";
import { orderCancel } from "./cancel-order.ts";
import { confirmOrderV2, confirmOrderV3 } from "./confirm-order.ts";
import { currentPackage } from "./current-package.ts";
import { deviceList } from "./device-list.ts";
import { issueToken } from "./issue-token.ts";
import { orderDetail } from "./order-detail.ts";
import { orderList } from "./order-list.ts";
import { orderStatus } from "./order-status.ts";
import { packageList } from "./package-list.ts";
import { payOrderInfo } from "./pay-order-info.ts";
import { purchasePreview } from "./purchase-preview.ts";
import { receivedPackageInfo } from "./received-package-info.ts";
import { refreshToken } from "./refresh-token.ts";
import { entitlementTimeline } from "./service-timeline.ts";
import { orderRepay } from "./repay-order.ts";
import { simcardDetails } from "./simcard-details.ts";
import { simcardIccidInfo } from "./simcard-iccid-info.ts";
import { storageCardReceivedPackage, storageCardRefund } from "./storage-card.ts";
import { userCoupons } from "./user-coupons.ts";
import { userInfo } from "./user-info.ts";
import { vipCardReceive, vipCardReceivedPackage, vipCardRefund } from "./vip-card.ts";
import { vipInfo } from "./vip-info.ts";

/** Every /v1 operation the cloud-api serves. */
export const operations: readonly AnyOperation[] = [
  refreshToken,
  issueToken,
  deviceList,
  packageList,
  currentPackage,
  simcardDetails,
  userCoupons,
  confirmOrderV2,
  confirmOrderV3,
  orderList,
  orderStatus,
  payOrderInfo,
  orderCancel,
  orderRepay,
  userInfo,
  vipInfo,
  aiInfo,
  simcardIccidInfo,
  receivedPackageInfo,
  vipCardReceive,
  vipCardReceivedPackage,
  vipCardRefund,
  storageCardReceivedPackage,
  storageCardRefund,
  orderDetail,
  entitlementTimeline,
  purchasePreview,
];
