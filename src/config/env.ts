import { z } from "zod";

/** The SPA's build-time configuration (VITE_*), parsed once (CONVENTIONS.md §7). */
const footerLinkSchema = z.object({ label: z.string(), href: z.string() });

const envSchema = z.object({
  VITE_API_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, "") : "")),
  VITE_MAIL_DOMAIN: z
    .string()
    .optional()
    .transform((value) => value || "tasklane.localhost"),
  /** JSON list of the landing footer's two filing/registration links: [{"label","href"}]. */
  VITE_FOOTER_LINKS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      try {
        return z.array(footerLinkSchema).parse(JSON.parse(value));
      } catch {
        ctx.addIssue({ code: "custom", message: "VITE_FOOTER_LINKS must be a JSON list of {label, href}" });
        return z.NEVER;
      }
    }),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(`Invalid SPA configuration: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
}

export const env = {
  /** "" means the same origin as the SPA. */
  apiUrl: parsed.data.VITE_API_URL,
  mailDomain: parsed.data.VITE_MAIL_DOMAIN,
  footerLinks: parsed.data.VITE_FOOTER_LINKS ?? [
    { label: "ICP Filing 2025000000-1", href: "https://beian.miit.gov.cn/" },
    { label: "Public Security Registration 00000000000000", href: "https://beian.mps.gov.cn/" },
  ],
};
