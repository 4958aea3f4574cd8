/**
 * Product-rules §4 loading overlay: reference-counted. The first show opens it; each hide lowers the count;
 * it closes at zero. Extra hides are ignored rather than driving the count negative.
 */
export function createLoadingCounter(onChange: (visible: boolean) => void) {
  let count = 0;
  return {
    show() {
      count += 1;
      if (count === 1) onChange(true);
    },
    hide() {
      if (count === 0) return;
      count -= 1;
      if (count === 0) onChange(false);
    },
    get count() {
      return count;
    },
  };
}
