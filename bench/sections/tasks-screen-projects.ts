import { tasksScreenSection } from "./tasks-screen";

/**
 * The Tasks screen's budgets (revisit, keystroke) with the 5,000 tasks organised: in 50 projects
 * (the Inbox and 49 others), 1,000 of them subtasks (800 one level down, 200 two levels), so the
 * list is indented as a tree and the Project chips are on offer.
 */
export default tasksScreenSection({ projects: 50, subtasks: 1_000 });
