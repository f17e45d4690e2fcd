import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet } from "react-router-dom";
import { Toaster } from "@/components/ui/toaster";
import { resetAccountStateOnAccountChange } from "@/lib/account-state";
import { createQueryClient } from "@/lib/query-client";
import { persistQueries } from "@/lib/query-persistence";

/** One cache for the whole visit, whichever of these pages the visitor comes in by. */
const visitQueryClient = createQueryClient();
let visitCacheKept = false;

/**
 * Keeps the visit's cache in the browser, once, at the first render rather than when this module
 * loads: nothing of it is needed before, and a call at load time would depend on the order the
 * bundler's chunks run in. A signed-in screen opened from the address bar calls it earlier, as
 * soon as this module has arrived (src/app/router.tsx): the cached queries are then restored
 * while the screen's other modules arrive, so its first render already shows them instead of
 * rendering its placeholders first and then again with the data.
 */
export function keepVisitCache(): void {
  if (visitCacheKept) return;
  visitCacheKept = true;
  persistQueries(visitQueryClient);
}

/**
 * The pages that talk to the API (sign-in, sign-up, the signed-in app) with their query client
 * and the toast outlet; what the tab holds for an account is dropped when the account changes.
 * Loaded on demand: the landing page needs none of it, to keep its first download small.
 */
export function ApiLayout({ queryClient = visitQueryClient }: { queryClient?: QueryClient }) {
  if (queryClient === visitQueryClient) keepVisitCache();
  useEffect(() => resetAccountStateOnAccountChange(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster />
    </QueryClientProvider>
  );
}
