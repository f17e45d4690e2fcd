import type { RequestHandler } from "msw";

/** One handler file per resource (CONVENTIONS.md: bulletproof-react); add yours here. */
export const handlers: RequestHandler[] = [];
