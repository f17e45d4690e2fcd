import type { LucideIcon } from "lucide-react";
import { createElement, isValidElement, type ReactElement } from "react";
import { buttonVariants, type ButtonProps } from "@/components/ui/button";
import type { FlatIcon } from "@/components/ui/flat-icon";
import { cn } from "@/lib/cn";

type IconButtonProps = Omit<ButtonProps, "variant" | "size" | "children" | "asChild"> & {
  /** What the button does to what, for screen readers: `Delete "Buy milk"`. */
  label: string;
  /** A lucide icon, an icon element already made, or a flat icon (drawn by the button itself). */
  icon: LucideIcon | ReactElement | FlatIcon;
  /** Red, for a button that deletes or removes. */
  destructive?: boolean;
};

/** Button's ghost icon variant, worked out once rather than on every render. */
const GHOST_ICON = buttonVariants({ variant: "ghost", size: "icon" });

/**
 * A small ghost button showing only an icon, as on a task's row: Edit, Delete, Remove. A `<button>`
 * styled as Button's ghost icon variant, without Button in between: a task card has three.
 */
export function IconButton({ label, icon, destructive = false, className, type, ...props }: IconButtonProps) {
  const flat = typeof icon === "string";
  return (
    <button
      className={cn(
        GHOST_ICON,
        "size-8",
        destructive && "text-destructive hover:text-destructive",
        flat && icon,
        className,
      )}
      aria-label={label}
      {...props}
      type={type ?? "button"}
    >
      {flat ? null : isValidElement(icon) ? icon : createElement(icon, { "aria-hidden": true })}
    </button>
  );
}
