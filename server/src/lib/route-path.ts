/**
 * A route path of the wire contract (always the full path, as the web app calls it) as a path
 * inside the module plugin registered under `app.prefix`: "/api/v1/tasks/:id" under
 * "/api/v1/tasks" is "/:id". A path outside the prefix is a wiring mistake and fails at start-up.
 */
export function routeIn(app: { prefix: string }, fullPath: string): string {
  if (!fullPath.startsWith(app.prefix)) {
    throw new Error(`Route ${fullPath} does not belong under the module prefix ${app.prefix}`);
  }
  return fullPath.slice(app.prefix.length);
}
