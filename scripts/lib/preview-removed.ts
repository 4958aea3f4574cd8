/**
 * The Worker version a deleted branch's preview alias is given (npm run deploy:preview -- --remove): Cloudflare
 * has no call that deletes a version alias, so the alias is moved to this version, which has no bindings and
 * answers every request 410 Gone. The branch's code then no longer serves, or reaches the preview's data.
 */
export default {
  fetch(): Response {
    return new Response("This preview was removed with its branch.\n", { status: 410, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  },
};
