import type { ReactNode } from "react";
import { BrandLink } from "@/components/layout/brand-link";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";

interface AuthLayoutProps {
  title: string;
  description: string;
  /** The auth error, shown in an alert above the form */
  error: string | null;
  footer: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in and sign-up screens. */
export function AuthLayout({ title, description, error, footer, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-muted/40 px-4 py-10">
      <BrandLink to="/" className="mb-6 text-xl" />
      <main className="w-full max-w-md">
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {error && (
              <Alert variant="destructive">
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            {children}
          </CardContent>
          <CardFooter className="justify-center text-sm text-muted-foreground">{footer}</CardFooter>
        </Card>
      </main>
    </div>
  );
}
