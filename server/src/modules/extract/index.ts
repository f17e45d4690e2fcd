/**
 * What other modules use of extraction's reading: the date reader (quick add, import), the repeat
 * phrases (quick add) and the title tidying, so every way into the task list reads dates, repeats
 * and titles the same way.
 */
export {
  createDateReader,
  namesAMoment,
  userDateContext,
  zonedWallTimeToUtc,
  type DateContext,
} from "./date-phrases";
export { MORNING_HOUR } from "./date-language";
export { tidyTitle } from "./pattern-extractor";
export { RECURRENCE_PHRASES, recurrenceRule } from "./recurrence-phrases";
