import type { AnyOperation } from "../http/operation.ts";
import { currentPackage } from "./current-package.ts";
import { deviceList } from "./device-list.ts";
import { issueToken } from "./issue-token.ts";
import { packageList } from "./package-list.ts";
import { refreshToken } from "./refresh-token.ts";
import { simcardDetails } from "./simcard-details.ts";
import { userCoupons } from "./user-coupons.ts";

/** Every /v1 operation the cloud-api serves. */
export const operations: readonly AnyOperation[] = [
  refreshToken,
  issueToken,
  deviceList,
  packageList,
  currentPackage,
  simcardDetails,
  userCoupons,
];
