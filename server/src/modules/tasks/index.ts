/**
 * What analytics reads of the tasks: figures over a range, counted by the database. (The tasks'
 * calls, and the unit of work every task write goes through, are in service.ts.)
 */
export {
  completionFigures,
  countBySlot,
  countCompletionsByGroup,
  overdueHistograms,
  type SlotCount,
} from "./figures-repository";
export { reviewTasks, taskDataVersion } from "./service";
