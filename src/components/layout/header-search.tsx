import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Input } from "@/components/ui/input";
import { TASKS_PATH, tasksSearchPath, useTaskSearchParam } from "@/lib/task-search-param";

/**
 * The header's "Search tasks..." box. On /tasks it is the screen's own search (both edit `?q=`);
 * anywhere else, Enter opens /tasks filtered by what was typed.
 */
export function HeaderSearch() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onTasks = pathname === TASKS_PATH;
  const [urlSearch, setUrlSearch, settleSearch] = useTaskSearchParam();
  const [draft, setDraft] = useState("");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (onTasks) return;
    void navigate(tasksSearchPath(draft));
    setDraft("");
  }

  return (
    <form role="search" className="relative hidden w-full max-w-md sm:block" onSubmit={onSubmit}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        placeholder="Search tasks..."
        aria-label="Search tasks"
        className="pl-9"
        enterKeyHint="search"
        value={onTasks ? urlSearch : draft}
        onChange={(event) => (onTasks ? setUrlSearch(event.target.value) : setDraft(event.target.value))}
        onBlur={settleSearch}
      />
    </form>
  );
}
