/** What other modules use of quick add: the one-line reader (import reads todo.txt lines with it). */
export { parseQuickAdd } from "./parse-quick-add";
