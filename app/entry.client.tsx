import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessages } from "./i18n/context.tsx";

// The document names its language's bundle (a hashed static asset it preloads); the page hydrates in that
// language once it is here. Without it the page stays as the server rendered it, which works without JavaScript.
const bundle = document.querySelector("link[data-messages]")?.getAttribute("href");
if (bundle) await loadMessages(bundle);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
