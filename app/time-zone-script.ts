/** The browser names its own time zone in this cookie; the server learns it on the first request (.server/time-zone.ts). */
export const TIME_ZONE_COOKIE = "camcloud_tz";

/** The page script that tells the server the device's zone: a cookie, set only when it changes. */
export const TIME_ZONE_SCRIPT = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone,c="${TIME_ZONE_COOKIE}="+encodeURIComponent(z);if(z&&document.cookie.split("; ").indexOf(c)<0)document.cookie=c+";path=/;max-age=31536000;samesite=lax"+(location.protocol==="https:"?";secure":"")}catch(e){}`;
