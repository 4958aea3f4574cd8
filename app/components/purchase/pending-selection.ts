import { useLocation, useNavigation } from "react-router";

/**
 * The selection the buyer just made on this purchase screen (a package or a coupon is a link to the same screen)
 * while its data is still loading, or null. Until it arrives the screen's checkout is the previous selection's.
 */
export function usePendingSelection(): URLSearchParams | null {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const pending = navigation.state === "loading" && !navigation.formMethod && navigation.location.pathname === pathname;
  return pending ? new URLSearchParams(navigation.location.search) : null;
}
