/** Where the app screens start (product-rules §2); its own module, so that the error page does not ship the catalogue. */
export const APP_HOME = "/app-h5";
