/**
 * `npm run dev` runs the cloud-api as an auxiliary Worker of the storefront's Vite dev server (one workerd, docs/decisions/066),
 * where it has no port of its own. The dev script listens on the cloud-api's port and passes each request to the storefront
 * with this header; the storefront hands it to its CLOUD_API binding unchanged. Only under `import.meta.env.DEV`: a build
 * drops that branch, so no deployed or `npm start` storefront answers the header.
 */
export const LOCAL_CLOUD_API_HEADER = "x-camcloud-local-cloud-api";
