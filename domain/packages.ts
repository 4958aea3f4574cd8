import { ServiceType } from "./services.ts";

/** Spec §5 package visibility. */
export interface PackageVisibility {
  isGive: number;
  isSale: number;
  displaySort: number;
  serviceId: number;
}

export function visiblePackages<P extends PackageVisibility>(
  packages: readonly P[],
  options: { serviceType: number; receiveServiceId?: number | null },
): P[] {
  const kept =
    options.serviceType === ServiceType.mobileData
      ? packages.filter((p) => p.isGive !== 1)
      : packages.filter(
          (p) => p.isSale === 1 && (options.receiveServiceId == null || p.serviceId === options.receiveServiceId),
        );
  return [...kept].sort((a, b) => a.displaySort - b.displaySort);
}
