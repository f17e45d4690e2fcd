import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from "@contract/tasks";
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useReplaceSearchParams } from "@/lib/search-params";
import {
  TASK_LAYOUTS,
  TASK_SORTS,
  TASK_VIEWS,
  type TaskFilterChoice,
  type TaskLayout,
  type TaskSort,
  type TaskView,
} from "./task-view";

const HIDE_COMPLETED_KEY = "tasklane.tasks.hide-completed";

function readList<Value extends string>(raw: string, allowed?: readonly Value[]) {
  const values = raw.split(",").filter(Boolean);
  return (
    allowed ? values.filter((value) => (allowed as readonly string[]).includes(value)) : values
  ) as Value[];
}

function readHideCompleted(): boolean {
  try {
    return localStorage.getItem(HIDE_COMPLETED_KEY) === "true";
  } catch {
    return false;
  }
}

export interface TaskViewState extends TaskFilterChoice {
  projects: readonly string[];
  view: TaskView;
  sort: TaskSort;
  layout: TaskLayout;
}

/**
 * The Tasks screen's view, sort and filter chips live in the URL (a filtered list can be
 * bookmarked, and back undoes a change); "Hide completed" is remembered in this browser.
 */
export function useTaskViewState() {
  const [params] = useSearchParams();
  const [hideCompleted, setHideCompletedState] = useState(readHideCompleted);

  // Read again only when one of its parameters changes, not on every change of the URL (the
  // search box rewrites ?q= as the user types): the screen's filtering keeps its memo.
  const view = params.get("view") ?? "";
  const sort = params.get("sort") ?? "";
  const status = params.get("status") ?? "";
  const priority = params.get("priority") ?? "";
  const tag = params.get("tag") ?? "";
  const layout = params.get("layout") ?? "";
  const project = params.get("project") ?? "";
  const choice = useMemo(
    () => ({
      view: readList(view, TASK_VIEWS)[0] ?? "all",
      sort: readList(sort, TASK_SORTS)[0] ?? "due",
      statuses: readList<TaskStatus>(status, TASK_STATUSES),
      priorities: readList<TaskPriority>(priority, TASK_PRIORITIES),
      tags: readList(tag),
      projects: readList(project),
      layout: readList(layout, TASK_LAYOUTS)[0] ?? "list",
    }),
    [view, sort, status, priority, tag, project, layout],
  );
  // The same object while nothing in it changes: the memoised view controls skip a keystroke.
  const state: TaskViewState = useMemo(() => ({ ...choice, hideCompleted }), [choice, hideCompleted]);

  const setParam = useReplaceSearchParams();

  const setHideCompleted = useCallback((hide: boolean) => {
    setHideCompletedState(hide);
    try {
      localStorage.setItem(HIDE_COMPLETED_KEY, String(hide));
    } catch {
      // Storage switched off: the choice lasts until the page is left.
    }
  }, []);

  // Stable setters (setParam is), so that the controls' props only change with the state.
  const setters = useMemo(
    () => ({
      setView: (view: TaskView) => setParam({ view: view === "all" ? "" : view }),
      setSort: (sort: TaskSort) => setParam({ sort: sort === "due" ? "" : sort }),
      setLayout: (layout: TaskLayout) => setParam({ layout: layout === "list" ? "" : layout }),
      setStatuses: (statuses: readonly TaskStatus[]) => setParam({ status: statuses }),
      setPriorities: (priorities: readonly TaskPriority[]) => setParam({ priority: priorities }),
      setTags: (tags: readonly string[]) => setParam({ tag: tags }),
      setProjects: (projects: readonly string[]) => setParam({ project: projects }),
      setHideCompleted,
      clearFilters: () => setParam({ status: "", priority: "", tag: "", project: "" }),
    }),
    [setParam, setHideCompleted],
  );
  return { state, ...setters };
}
