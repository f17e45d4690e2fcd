import { QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/error-message";

/**
 * Background-refetch errors are toasted here, once (CONVENTIONS.md: TkDodo); first loads show
 * their error in the screen itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined) {
          toast.error("Could not refresh", { description: errorMessage(error, "Please try again") });
        }
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: true },
    },
  });
}
