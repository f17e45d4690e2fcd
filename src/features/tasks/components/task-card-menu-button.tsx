import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { flatIcon } from "@/components/ui/flat-icon";

const MORE_ICON = flatIcon("ellipsis");

/**
 * The card's "More actions" button. Apart from the menu (./task-card-menu) so that a card's first
 * render does not load the menu's code (Radix's menu and its positioning).
 */
export function TaskCardMenuButton({ title, ...props }: { title: string } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={`size-7 ${MORE_ICON}`}
      aria-label={`More actions for "${title}"`}
      {...props}
    />
  );
}
