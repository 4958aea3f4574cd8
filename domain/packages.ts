import { isSoldFor, ServiceType } from "./services.ts";

/** Product-rules §5 package visibility. */
export interface PackageVisibility {
  isGive: number;
  isSale: number;
  displaySort: number;
  serviceId: number;
}

/**
 * Mobile data hides given packages; other services keep what is on sale, of one service when a service
 * id is given (a storage tab) — except VIP receive mode, which keeps that service's packages only: the
 * card's own, which is not sold.
 */
export function visiblePackages<P extends PackageVisibility>(
  packages: readonly P[],
  options: { serviceType: number; receiveServiceId?: number | null },
): P[] {
  const serviceId = options.receiveServiceId;
  const ofService = (p: P) => serviceId == null || p.serviceId === serviceId;
  const kept =
    options.serviceType === ServiceType.mobileData
      ? packages.filter((p) => p.isGive !== 1)
      : options.serviceType === ServiceType.vip && serviceId != null
        ? packages.filter(ofService)
        : packages.filter((p) => p.isSale === 1 && ofService(p));
  return [...kept].sort((a, b) => a.displaySort - b.displaySort);
}

/** What an operator may set of a package that the rules below judge together. */
export interface PackageTerms {
  serviceType: number;
  /** The kind of device it is sold for; null: every kind its service is sold to. */
  deviceType: number | null;
  originPriceCents: number;
  salePriceCents: number;
  dataQuotaMb: number | null;
  isUnlimited: boolean;
  recordingDays: number | null;
}

export type PackageTermsProblem = "device_type_not_sold" | "sale_above_origin" | "data_quota_needed" | "data_quota_not_sold" | "recording_days_not_storage";

/**
 * Why a package cannot be sold as set, each with the field it concerns: a kind of device its service is not sold
 * for (the checkout would refuse every order), a sale price above the original (the storefront shows the saving),
 * 4G data without a quota or unlimited (fulfilment tops up by it), data on another service, recording days on
 * anything but cloud storage.
 */
export function packageTermsProblems(terms: PackageTerms): { field: keyof PackageTerms; problem: PackageTermsProblem }[] {
  const problems: { field: keyof PackageTerms; problem: PackageTermsProblem }[] = [];
  if (terms.deviceType !== null && !isSoldFor(terms.serviceType, terms.deviceType)) problems.push({ field: "deviceType", problem: "device_type_not_sold" });
  if (terms.salePriceCents > terms.originPriceCents) problems.push({ field: "salePriceCents", problem: "sale_above_origin" });
  if (terms.serviceType === ServiceType.mobileData) {
    if (terms.isUnlimited === (terms.dataQuotaMb !== null)) problems.push({ field: "dataQuotaMb", problem: "data_quota_needed" });
  } else if (terms.isUnlimited || terms.dataQuotaMb !== null) {
    problems.push({ field: "dataQuotaMb", problem: "data_quota_not_sold" });
  }
  if (terms.recordingDays !== null && terms.serviceType !== ServiceType.cloudStorage) problems.push({ field: "recordingDays", problem: "recording_days_not_storage" });
  return problems;
}
