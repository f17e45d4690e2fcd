/**
 * What other modules use of extraction's reading: the date reader (quick add, import) and the
 * title tidying, so every way into the task list reads dates and titles the same way.
 */
export { createDateReader, zonedWallTimeToUtc, type DateContext } from "./date-phrases";
export { tidyTitle } from "./pattern-extractor";
