import type { LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/lib/cn";

type IconButtonProps = Omit<ButtonProps, "variant" | "size" | "children" | "asChild"> & {
  /** What the button does to what, for screen readers: `Delete "Buy milk"`. */
  label: string;
  icon: LucideIcon;
  /** Red, for a button that deletes or removes. */
  destructive?: boolean;
};

/** A small ghost button showing only an icon, as on a task's row: Edit, Delete, Remove. */
export function IconButton({ label, icon: Icon, destructive = false, className, ...props }: IconButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("size-8", destructive && "text-destructive hover:text-destructive", className)}
      aria-label={label}
      {...props}
    >
      <Icon aria-hidden />
    </Button>
  );
}
