import {
  MutationCache,
  QueryCache,
  QueryClient,
  type DefaultOptions,
  type QueryKey,
} from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/error-message";

/**
 * What a mutation declares instead of writing its side effects by hand; the mutation cache below
 * carries them out the same way for every mutation. Callers add only what is particular to them
 * (a success toast, closing a dialog) in the options of `mutate`.
 */
export type AppMutationMeta = {
  /**
   * Queries made stale by the mutation, refetched once it settles (on success and on failure,
   * since a refused change may still mean the cached data is out of date). The mutation stays
   * pending until they are fresh, so a closing dialog never reveals an old list.
   */
  invalidates?: readonly QueryKey[];
  /**
   * On failure, a destructive toast: the server's message, or this text when it gives none.
   * Without it the mutation's failure is handled by its caller.
   */
  errorMessage?: string;
  /** The toast's title; "Error" unless the screen names the failure. */
  errorTitle?: string;
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: AppMutationMeta;
  }
}

const DEFAULT_ERROR_TITLE = "Error";

/**
 * The one query client factory (the app makes one per visit, each test its own). Side effects
 * live here once:
 * - a background refetch that fails is toasted ("Could not refresh"); a first load shows its
 *   error in the screen itself;
 * - a mutation's `meta.errorMessage` is toasted and its `meta.invalidates` refetched.
 */
export function createQueryClient(defaultOptions: DefaultOptions = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined) {
          toast.error("Could not refresh", { description: errorMessage(error, "Please try again") });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.meta;
        if (meta?.errorMessage === undefined) return;
        toast.error(meta.errorTitle ?? DEFAULT_ERROR_TITLE, {
          description: errorMessage(error, meta.errorMessage),
        });
      },
      onSettled: (_data, _error, _variables, _context, mutation) => {
        const stale = mutation.meta?.invalidates;
        if (!stale?.length) return;
        return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
    }),
    defaultOptions: {
      ...defaultOptions,
      queries: { staleTime: 30_000, refetchOnWindowFocus: true, ...defaultOptions.queries },
    },
  });
  return queryClient;
}
