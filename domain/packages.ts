import { ServiceType } from "./services.ts";

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
