/** /profile and /premium show only a "Coming Soon" heading. */
export function ComingSoonPage() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <h1 className="text-3xl font-bold tracking-tight">Coming Soon</h1>
    </div>
  );
}
