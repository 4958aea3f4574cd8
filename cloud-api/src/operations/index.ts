import type { AnyOperation } from "#api/http/operation.ts";
import { aiInfo } from "#api/operations/ai-info.ts";
import { cardBatchCodes, cardBatchCreate, cardBatchDetail, cardBatchList, cardBatchRevoke } from "#api/operations/card-batches.ts";
import { couponCampaignCreate, couponCampaignDetail, couponCampaignIssue, couponCampaignList, couponCampaignRevoke } from "#api/operations/coupon-campaigns.ts";
import { orderCancel } from "#api/operations/cancel-order.ts";
import { confirmOrderV2, confirmOrderV3 } from "#api/operations/confirm-order.ts";
import { currentPackage } from "#api/operations/current-package.ts";
import { deviceList } from "#api/operations/device-list.ts";
import { issueToken } from "#api/operations/issue-token.ts";
import { orderDetail } from "#api/operations/order-detail.ts";
import { orderList } from "#api/operations/order-list.ts";
import { orderStatus } from "#api/operations/order-status.ts";
import {
  operatorOrderDetail,
  operatorOrderRefund,
  operatorOrderResendFulfilment,
  operatorOrderResolve,
  operatorOrderSearch,
  operatorToday,
} from "#api/operations/operator-orders.ts";
import { operatorSession } from "#api/operations/operator-session.ts";
import { operatorCreate, operatorList, operatorUpdate } from "#api/operations/operators.ts";
import { auditLog } from "#api/operations/audit-log.ts";
import { deliveryList, deliveryResend } from "#api/operations/deliveries.ts";
import { operatorPackageCreate, operatorPackageDetail, operatorPackageList, operatorPackageReorder, operatorPackageRetire, operatorPackageSave } from "#api/operations/operator-packages.ts";
import { packageList } from "#api/operations/package-list.ts";
import { payOrderInfo } from "#api/operations/pay-order-info.ts";
import { purchasePreview } from "#api/operations/purchase-preview.ts";
import { receivedPackageInfo } from "#api/operations/received-package-info.ts";
import { refreshToken } from "#api/operations/refresh-token.ts";
import { entitlementTimeline } from "#api/operations/service-timeline.ts";
import { orderRepay } from "#api/operations/repay-order.ts";
import { simcardDetails } from "#api/operations/simcard-details.ts";
import { simcardIccidInfo } from "#api/operations/simcard-iccid-info.ts";
import { storageCardReceivedPackage, storageCardRefund } from "#api/operations/storage-card.ts";
import { userCoupons } from "#api/operations/user-coupons.ts";
import { userInfo } from "#api/operations/user-info.ts";
import { vipCardReceive, vipCardReceivedPackage, vipCardRefund } from "#api/operations/vip-card.ts";
import { vipInfo } from "#api/operations/vip-info.ts";

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
  operatorSession,
  operatorList,
  operatorCreate,
  operatorUpdate,
  auditLog,
  deliveryList,
  deliveryResend,
  operatorToday,
  operatorOrderSearch,
  operatorOrderDetail,
  operatorOrderRefund,
  operatorOrderResendFulfilment,
  operatorOrderResolve,
  operatorPackageList,
  operatorPackageDetail,
  operatorPackageCreate,
  operatorPackageSave,
  operatorPackageRetire,
  operatorPackageReorder,
  couponCampaignList,
  couponCampaignCreate,
  couponCampaignDetail,
  couponCampaignIssue,
  couponCampaignRevoke,
  cardBatchList,
  cardBatchCreate,
  cardBatchDetail,
  cardBatchCodes,
  cardBatchRevoke,
];
