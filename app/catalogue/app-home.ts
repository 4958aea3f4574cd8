/** Where the app screens start (spec §2); its own module, so that the error page does not ship the catalogue. */
export const APP_HOME = "/app-h5";
