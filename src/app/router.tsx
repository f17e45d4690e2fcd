import { createBrowserRouter } from "react-router-dom";

/** The route table of spec §2 (to be filled in by the SPA foundation). */
export function createAppRouter() {
  return createBrowserRouter([{ path: "*", element: <h1>Tasklane</h1> }]);
}
