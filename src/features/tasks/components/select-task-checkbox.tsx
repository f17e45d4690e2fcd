import { cn } from "@/lib/cn";
import { shownCardIds, useTaskSelection } from "../task-selection";

/** A card's "Select" box for the bulk actions; Shift-click selects every card from the last one clicked. */
export function SelectTaskCheckbox({
  id,
  title,
  className,
}: {
  id: string;
  title: string;
  className?: string;
}) {
  const selected = useTaskSelection((state) => state.ids.has(id));
  return (
    <input
      type="checkbox"
      aria-label={`Select "${title}"`}
      title="Select (Shift-click: a range)"
      checked={selected}
      onChange={() => undefined}
      onClick={(event) => {
        const { toggle, extendTo, anchor } = useTaskSelection.getState();
        if (event.shiftKey && anchor !== null && !selected) extendTo(id, shownCardIds());
        else toggle(id);
      }}
      className={cn("size-4 shrink-0 cursor-pointer accent-primary", className)}
    />
  );
}
