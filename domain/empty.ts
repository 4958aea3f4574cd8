/** Product-rules §5: "empty" means null, undefined or the empty string. */
export function isEmpty(value: unknown): value is null | undefined | "" {
  return value === null || value === undefined || value === "";
}
