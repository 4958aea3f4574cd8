import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False while server rendering and hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
