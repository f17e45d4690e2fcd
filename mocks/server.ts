import { setupServer } from "msw/node";
import { handlers } from "./handlers";

/** msw in Node for component tests; handlers speak the contract against an in-memory fake. */
export const server = setupServer(...handlers);
