import type { LucideIcon } from "lucide-react";
import { createElement, isValidElement, type ReactElement } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/lib/cn";

type IconButtonProps = Omit<ButtonProps, "variant" | "size" | "children" | "asChild"> & {
  /** What the button does to what, for screen readers: `Delete "Buy milk"`. */
  label: string;
  /** A lucide icon, or an icon element already made (see flatIcon). */
  icon: LucideIcon | ReactElement;
  /** Red, for a button that deletes or removes. */
  destructive?: boolean;
};

/** A small ghost button showing only an icon, as on a task's row: Edit, Delete, Remove. */
export function IconButton({ label, icon, destructive = false, className, ...props }: IconButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("size-8", destructive && "text-destructive hover:text-destructive", className)}
      aria-label={label}
      {...props}
    >
      {isValidElement(icon) ? icon : createElement(icon, { "aria-hidden": true })}
    </Button>
  );
}
