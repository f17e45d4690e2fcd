import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Outlet } from "react-router-dom";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/query-client";

/** One cache for the whole visit, whichever of these pages the visitor comes in by. */
const visitQueryClient = createQueryClient();

/**
 * The pages that talk to the API (sign-in, sign-up, the signed-in app) with their query client
 * and the toast outlet. Loaded on demand: the landing page needs neither (issue 7).
 */
export function ApiLayout({ queryClient = visitQueryClient }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster />
    </QueryClientProvider>
  );
}
