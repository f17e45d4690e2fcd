import { Eye, EyeOff } from "lucide-react";
import { useState, type ComponentProps, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";

interface PasswordToggleProps {
  visible: boolean;
  onToggle(): void;
  /** A visible label ("Show passwords"); without one the button is an icon named for its action. */
  children?: ReactNode;
  className?: string;
}

/** The show/hide switch of password boxes: a pressed button while the text is shown. */
export function PasswordToggle({ visible, onToggle, children, className }: PasswordToggleProps) {
  const Icon = visible ? EyeOff : Eye;
  if (children) {
    return (
      <Button variant="ghost" size="sm" aria-pressed={visible} onClick={onToggle} className={className}>
        <Icon aria-hidden />
        {children}
      </Button>
    );
  }
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={visible ? "Hide password" : "Show password"}
      aria-pressed={visible}
      className={cn(
        "flex items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

interface PasswordInputProps extends Omit<ComponentProps<"input">, "type"> {
  /**
   * Shown as text or hidden, when one toggle elsewhere decides for several boxes. Without it the
   * box has its own toggle at its end.
   */
  visible?: boolean;
}

/** A password box that can show what was typed. */
export function PasswordInput({ className, visible, ...props }: PasswordInputProps) {
  const [ownVisible, setOwnVisible] = useState(false);
  if (visible !== undefined) {
    return <Input type={visible ? "text" : "password"} className={className} {...props} />;
  }
  return (
    <div className="relative">
      <Input type={ownVisible ? "text" : "password"} className={cn("pr-10", className)} {...props} />
      <PasswordToggle
        visible={ownVisible}
        onToggle={() => setOwnVisible((shown) => !shown)}
        className="absolute inset-y-0 right-0 w-10"
      />
    </div>
  );
}
