import { FolderInput, ListPlus } from "lucide-react";
import { useRef } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useFocusFirstItemOnce, type OnDemandOpening } from "@/components/layout/on-demand-menu";
import { TaskCardMenuButton } from "./task-card-menu-button";

export interface TaskCardMenuProps {
  title: string;
  /** Absent where a subtask could not nest any deeper. */
  onAddSubtask?(): void;
  onMoveToProject(): void;
}

/**
 * The card's menu: add a subtask, move to another project. Loaded when first opened (see
 * TaskCard), so it starts open.
 */
export function TaskCardMenu({
  title,
  onAddSubtask,
  onMoveToProject,
  openedWithKeyboard,
}: TaskCardMenuProps & OnDemandOpening) {
  const focusFirstItem = useFocusFirstItemOnce(openedWithKeyboard);
  // "Add subtask" opens a field that takes the focus: the menu must not hand it back to its button.
  const keepFocus = useRef(false);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <TaskCardMenuButton title={title} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onFocus={focusFirstItem}
        onCloseAutoFocus={(event) => {
          if (keepFocus.current) event.preventDefault();
          keepFocus.current = false;
        }}
      >
        {onAddSubtask && (
          <DropdownMenuItem
            onSelect={() => {
              keepFocus.current = true;
              onAddSubtask();
            }}
          >
            <ListPlus aria-hidden />
            Add subtask
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onMoveToProject}>
          <FolderInput aria-hidden />
          Move to project…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
