import { useEffect, useRef, useState } from "react";

/** How far (px) a finger must pull down from the top of the page before letting go refreshes. */
export const PULL_THRESHOLD_PX = 64;

export type PullState = "idle" | "pulling" | "ready";

/**
 * Pull-to-refresh on touch screens: a downward drag that starts with the page scrolled to the top.
 * Returns the drag distance (damped, for the indicator) and whether letting go would refresh.
 */
export function usePullToRefresh(onRefresh: () => void): { distance: number; state: PullState } {
  const [distance, setDistance] = useState(0);
  const start = useRef<number | null>(null);
  const latest = useRef(onRefresh);
  latest.current = onRefresh;

  useEffect(() => {
    let pulled = 0;
    const onStart = (event: TouchEvent) => {
      start.current = window.scrollY <= 0 && event.touches.length === 1 ? event.touches[0]!.clientY : null;
    };
    const onMove = (event: TouchEvent) => {
      if (start.current === null) return;
      pulled = Math.max(0, (event.touches[0]!.clientY - start.current) / 2);
      setDistance(pulled);
    };
    const onEnd = () => {
      if (start.current !== null && pulled >= PULL_THRESHOLD_PX) latest.current();
      start.current = null;
      pulled = 0;
      setDistance(0);
    };
    window.addEventListener("touchstart", onStart, { passive: true });
    window.addEventListener("touchmove", onMove, { passive: true });
    window.addEventListener("touchend", onEnd);
    window.addEventListener("touchcancel", onEnd);
    return () => {
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchmove", onMove);
      window.removeEventListener("touchend", onEnd);
      window.removeEventListener("touchcancel", onEnd);
    };
  }, []);

  return { distance, state: distance === 0 ? "idle" : distance >= PULL_THRESHOLD_PX ? "ready" : "pulling" };
}
