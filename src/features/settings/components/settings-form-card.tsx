import type { LucideIcon } from "lucide-react";
import { useId, type FormEventHandler, type ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

interface SettingsFormCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields. */
  children: ReactNode;
  /** The buttons under the fields. */
  footer: ReactNode;
  /** True when the card checks its fields itself (react-hook-form) instead of the browser. */
  noValidate?: boolean;
  contentClassName?: string;
  footerClassName?: string;
}

/** One Settings section: a form named by its card's heading, fields above, buttons below. */
export function SettingsFormCard({
  icon: Icon,
  title,
  description,
  onSubmit,
  children,
  footer,
  noValidate,
  contentClassName,
  footerClassName,
}: SettingsFormCardProps) {
  const titleId = useId();
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate={noValidate} aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId} className="flex items-center gap-2">
            <Icon aria-hidden className="size-4 text-muted-foreground" />
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
        <CardFooter className={footerClassName}>{footer}</CardFooter>
      </form>
    </Card>
  );
}
