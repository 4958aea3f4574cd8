import { ServiceType } from "./services.ts";

/** Spec §5 package visibility. */
export interface PackageVisibility {
  isGive: number;
  isSale: number;
  displaySort: number;
  serviceId: number;
}

/**
 * Mobile data hides given packages; other services keep what is on sale, except in VIP receive mode with
 * a service id, which keeps that service's packages only: the card's own, which is not sold.
 */
export function visiblePackages<P extends PackageVisibility>(
  packages: readonly P[],
  options: { serviceType: number; receiveServiceId?: number | null },
): P[] {
  const receiveServiceId = options.receiveServiceId;
  const kept =
    options.serviceType === ServiceType.mobileData
      ? packages.filter((p) => p.isGive !== 1)
      : receiveServiceId != null
        ? packages.filter((p) => p.serviceId === receiveServiceId)
        : packages.filter((p) => p.isSale === 1);
  return [...kept].sort((a, b) => a.displaySort - b.displaySort);
}
