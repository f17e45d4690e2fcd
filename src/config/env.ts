/** The SPA's build-time configuration (VITE_*), parsed once (CONVENTIONS.md §7), without zod. */
interface FooterLink {
  label: string;
  href: string;
}

function footerLinks(raw: string | undefined): FooterLink[] | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const valid =
    Array.isArray(value) &&
    value.every((link: unknown) => {
      const candidate = link as Partial<FooterLink> | null;
      return typeof candidate?.label === "string" && typeof candidate.href === "string";
    });
  if (!valid)
    throw new Error("Invalid SPA configuration: VITE_FOOTER_LINKS must be a JSON list of {label, href}");
  return value as FooterLink[];
}

export const env = {
  /** "" means the same origin as the SPA. */
  apiUrl: (import.meta.env.VITE_API_URL ?? "").replace(/\/+$/, ""),
  mailDomain: import.meta.env.VITE_MAIL_DOMAIN || "tasklane.localhost",
  footerLinks: footerLinks(import.meta.env.VITE_FOOTER_LINKS) ?? [
    { label: "ICP Filing 2025000000-1", href: "https://beian.miit.gov.cn/" },
    { label: "Public Security Registration 00000000000000", href: "https://beian.mps.gov.cn/" },
  ],
};
