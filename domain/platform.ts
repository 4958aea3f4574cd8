/** Product-rules §2 screen 5: which store the app download page sends a browser to. */
export type Platform = "android" | "ios" | "other";

/** iPadOS Safari presents itself as a Mac; a touch-capable Mac is not told apart on the server. */
export function platformOf(userAgent: string | null | undefined): Platform {
  const ua = userAgent ?? "";
  if (/android/i.test(ua)) return "android";
  if (/iphone|ipad|ipod/i.test(ua)) return "ios";
  return "other";
}
