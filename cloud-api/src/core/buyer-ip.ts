const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const IPV6 = /^(?=.*:)[0-9A-Fa-f:.]{2,45}$/;

/**
 * The buyer's IP address, which WeChat Pay H5 wants with every order: the first X-Forwarded-For entry
 * (the storefront names the buyer there when it calls on the buyer's behalf), else the connecting
 * client (CF-Connecting-IP). Undefined when neither holds an IP address.
 */
export function buyerIpOf(request: Request): string | undefined {
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  const candidate = forwarded || request.headers.get("CF-Connecting-IP")?.trim();
  return candidate && (IPV4.test(candidate) || IPV6.test(candidate)) ? candidate : undefined;
}
