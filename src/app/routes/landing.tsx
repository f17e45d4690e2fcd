import { BarChart3, Clock, FileText, ListChecks, type LucideIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { env } from "@/config/env";
import { useSignedIn } from "@/features/auth/use-signed-in";
import { LightBrandLink, lightButtonClass } from "./light-ui";

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The four feature cards. */
const FEATURES: readonly Feature[] = [
  {
    icon: ListChecks,
    title: "Smart Task Management",
    text: "Organize and prioritize your tasks with titles, due dates, priorities and tags.",
  },
  {
    icon: FileText,
    title: "Automatic Extraction",
    text: "Turn any text or document into tasks automatically, by pattern rules or AI analysis.",
  },
  {
    icon: BarChart3,
    title: "Progress Analytics",
    text: "Follow your progress with clear analytics and reports.",
  },
  {
    icon: Clock,
    title: "Time Optimization",
    text: "Get scheduling recommendations that help you spend your time on what matters.",
  },
];

/**
 * The public landing page. Kept light: it is the first thing a visitor downloads
 * (≤ 100 KB gzip), hence light-ui rather than <Button> and <BrandLink>.
 */
export function LandingPage() {
  const signedIn = useSignedIn();

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <LightBrandLink />
          <nav aria-label="Account" className="flex items-center gap-2">
            {signedIn ? (
              // Only an authenticated visitor gets the way into the app.
              <Link to="/dashboard" className={lightButtonClass()}>
                Go to Dashboard
              </Link>
            ) : (
              <>
                <Link to="/login" className={lightButtonClass("ghost")}>
                  Sign in
                </Link>
                <Link to="/register" className={lightButtonClass()}>
                  Get started
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-accent/60 to-background">
          <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Transform Your Tasks Automatically
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty">
              Tasklane turns notes, e-mails and documents into an organised task list, plans your day with AI
              and shows how far you have come.
            </p>
            {!signedIn && (
              <Link to="/register" className={`${lightButtonClass()} mt-8`}>
                Get started
              </Link>
            )}
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="features-heading" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
            Everything you need to stay productive
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border bg-card p-6 shadow-sm">
                <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t bg-muted/40">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-6 text-center text-sm text-muted-foreground sm:px-6">
          <p>© 2025 Tasklane. All rights reserved.</p>
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
            {env.footerLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </footer>
    </div>
  );
}
