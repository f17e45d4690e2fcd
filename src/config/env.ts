/** The SPA's build-time configuration (VITE_*), parsed once, without zod. */
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

/** Which inbound mail becomes tasks; must match the server's INBOUND_SENDER_POLICY. */
function inboundSenderPolicy(raw: string | undefined): "owner" | "any" {
  if (!raw || raw === "owner") return "owner";
  if (raw === "any") return "any";
  throw new Error('Invalid SPA configuration: VITE_INBOUND_SENDER_POLICY must be "owner" or "any"');
}

export const env = {
  /** "" means the same origin as the SPA. */
  apiUrl: (import.meta.env.VITE_API_URL ?? "").replace(/\/+$/, ""),
  mailDomain: import.meta.env.VITE_MAIL_DOMAIN || "tasklane.localhost",
  inboundSenderPolicy: inboundSenderPolicy(import.meta.env.VITE_INBOUND_SENDER_POLICY),
  footerLinks: footerLinks(import.meta.env.VITE_FOOTER_LINKS) ?? [
    { label: "ICP Filing 2025000000-1", href: "https://beian.miit.gov.cn/" },
    { label: "Public Security Registration 00000000000000", href: "https://beian.mps.gov.cn/" },
  ],
};
