// First: configures zod before any module builds a schema (see the module).
import "@/config/zod-csp";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { registerServiceWorker } from "@/lib/pwa-register";
import "./index.css";

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
