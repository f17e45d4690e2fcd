import { QueryClient, type Query, type QueryCacheNotifyEvent } from "@tanstack/react-query";
import { changesWhatIsCached } from "./query-persistence";

/** Which cache events, in order, the rule says change what is cached. */
function watch(queryClient: QueryClient, cachedData: WeakMap<Query, unknown>, cachedAt: () => number) {
  const verdicts: Array<[string, boolean]> = [];
  queryClient.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    const label = event.type === "updated" ? `updated:${event.action.type}` : event.type;
    verdicts.push([label, changesWhatIsCached(event, cachedData, cachedAt())]);
  });
  return verdicts;
}

const changed = (verdicts: Array<[string, boolean]>) =>
  verdicts.filter(([, yes]) => yes).map(([label]) => label);

describe("changesWhatIsCached", () => {
  it("counts new data, not a fetch starting, an invalidation or an unchanged answer", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const cachedData = new WeakMap<Query, unknown>();
    const verdicts = watch(queryClient, cachedData, () => Date.now());
    const tasks = [{ id: "1", title: "Call the dentist" }];

    // The query arrives without data (not cached yet); its answer is what changes what is cached.
    await queryClient.fetchQuery({ queryKey: ["tasks"], queryFn: () => structuredClone(tasks) });
    expect(verdicts.map(([label]) => label)).toEqual(["added", "updated:fetch", "updated:success"]);
    expect(changed(verdicts)).toEqual(["updated:success"]);

    // What was just written is what is cached.
    const query = queryClient.getQueryCache().find({ queryKey: ["tasks"] })!;
    cachedData.set(query, query.state.data);
    verdicts.length = 0;

    await queryClient.invalidateQueries({ queryKey: ["tasks"], refetchType: "none" });
    // The same answer again (a new object, equal): structural sharing keeps the data's reference.
    await queryClient.fetchQuery({
      queryKey: ["tasks"],
      queryFn: () => structuredClone(tasks),
      staleTime: 0,
    });
    expect(verdicts.map(([label]) => label)).toEqual(
      expect.arrayContaining(["updated:invalidate", "updated:fetch", "updated:success"]),
    );
    expect(changed(verdicts)).toEqual([]);

    // A different answer is new data.
    await queryClient.fetchQuery({
      queryKey: ["tasks"],
      queryFn: () => [...structuredClone(tasks), { id: "2", title: "Pay the invoice" }],
      staleTime: 0,
    });
    expect(changed(verdicts)).toEqual(["updated:success"]);

    // So is data set by hand (an optimistic update), and a query's removal.
    verdicts.length = 0;
    queryClient.setQueryData(["tasks"], []);
    queryClient.removeQueries({ queryKey: ["tasks"] });
    expect(changed(verdicts)).toEqual(["updated:success", "removed"]);
  });

  it("counts a query arriving with data or removed after it had some, not one that never had data", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const verdicts = watch(queryClient, new WeakMap(), () => Date.now());

    // Arriving with data (initial data, or a cache hydrated into the client) is cached at once.
    queryClient.getQueryCache().build(queryClient, { queryKey: ["stats"], initialData: { total: 3 } });
    expect(changed(verdicts)).toEqual(["added"]);

    // A query that never answered (a disabled one, or one whose only fetch failed) is not cached:
    // neither its arrival nor its removal changes what is cached.
    verdicts.length = 0;
    await queryClient.prefetchQuery({
      queryKey: ["plan"],
      queryFn: () => Promise.reject(new Error("offline")),
    });
    queryClient.getQueryCache().build(queryClient, { queryKey: ["quick-add", "parse", ""] });
    queryClient.removeQueries({ queryKey: ["plan"] });
    queryClient.removeQueries({ queryKey: ["quick-add"] });
    expect(verdicts.map(([label]) => label)).toEqual(
      expect.arrayContaining(["added", "updated:error", "removed"]),
    );
    expect(changed(verdicts)).toEqual([]);

    // One that had data is.
    queryClient.removeQueries({ queryKey: ["stats"] });
    expect(changed(verdicts)).toEqual(["removed"]);
  });

  it("writes an unchanged answer again once what is cached is over an hour old", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const cachedData = new WeakMap<Query, unknown>();
    const twoHoursAgo = Date.now() - 2 * 60 * 60 * 1000;
    const verdicts = watch(queryClient, cachedData, () => twoHoursAgo);
    await queryClient.fetchQuery({ queryKey: ["stats"], queryFn: () => ({ total: 3 }) });
    const query = queryClient.getQueryCache().find({ queryKey: ["stats"] })!;
    cachedData.set(query, query.state.data);
    verdicts.length = 0;

    await queryClient.fetchQuery({ queryKey: ["stats"], queryFn: () => ({ total: 3 }), staleTime: 0 });
    expect(changed(verdicts)).toEqual(["updated:success"]);
  });
});
