// First: configures zod before any module builds a schema (see the module).
import "@/config/zod-csp";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { preloadRoute } from "@/app/router";
import { watchInstallOffer } from "@/lib/install-prompt";
import { startTheme } from "@/lib/theme";
import { registerServiceWorker } from "@/lib/pwa-register";
import "./index.css";

// Before anything renders: the browser offers installing the app once, early in the page's life.
watchInstallOffer();

// The page's modules are requested before React's first render (which shows a spinner until they
// are there), not from inside it, and before the theme: reading the system's setting makes the
// browser work out the page's styles first.
preloadRoute(window.location.pathname);

// The page takes the chosen theme before its first paint.
startTheme();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (production builds only) registers once the page has loaded.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", registerServiceWorker);
}
