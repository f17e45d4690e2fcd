import { authenticate, type DNSResolver } from "mailauth";

/** What the SMTP listener knows of the client that handed a message over. */
export interface SmtpEnvelope {
  ip: string;
  helo: string | undefined;
  mailFrom: string | undefined;
}

export type SenderCheck = { verified: true; by: string } | { verified: false; reason: string };

export interface SenderCheckOptions {
  /** authserv-ids whose Authentication-Results headers are believed (INBOUND_TRUSTED_AUTHSERV_IDS). */
  trustedAuthservIds: readonly string[];
  /** The SMTP client, for SPF; absent for the webhook (DKIM and DMARC are checked then). */
  envelope?: SmtpEnvelope;
  /** This server's name, the authserv-id of its own checks. */
  mta: string;
  /** How DNS records are looked up; the system's unless a test gives its own. */
  resolver?: DNSResolver;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/**
 * Whether `domain` is aligned with the From domain: the same, or one within the other
 * (mail.example.com and example.com). Stricter than DMARC's relaxed mode, never looser.
 */
function aligned(domain: string | undefined, fromDomain: string): boolean {
  const other = domain?.trim().toLowerCase().replace(/\.$/, "");
  if (!other) return false;
  return other === fromDomain || other.endsWith(`.${fromDomain}`) || fromDomain.endsWith(`.${other}`);
}

/** The unfolded Authentication-Results header values of a raw message, topmost first. */
function authenticationResults(raw: Buffer): string[] {
  const text = raw.toString("latin1");
  const end = text.search(/\r?\n\r?\n/);
  const head = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  return head
    .split(/\r?\n/)
    .filter((line) => /^authentication-results\s*:/i.test(line))
    .map((line) => line.slice(line.indexOf(":") + 1));
}

interface ResultInfo {
  method: string;
  result: string;
  properties: Map<string, string>;
}

/** An Authentication-Results value (RFC 8601) as its authserv-id and results, comments dropped. */
function parseAuthenticationResults(value: string): { authservId: string; results: ResultInfo[] } {
  const [id = "", ...parts] = value.replace(/\([^()]*\)/g, " ").split(";");
  const results = parts.flatMap((part): ResultInfo[] => {
    const [first, ...rest] = part.trim().split(/\s+/);
    const match = /^([\w.-]+)(?:\/\d+)?=([\w-]+)$/.exec(first ?? "");
    if (!match) return [];
    const properties = new Map(
      rest.flatMap((entry) => {
        const at = entry.indexOf("=");
        return at > 0
          ? [[entry.slice(0, at).toLowerCase(), entry.slice(at + 1).replace(/^"|"$/g, "")] as const]
          : [];
      }),
    );
    return [{ method: match[1]!.toLowerCase(), result: match[2]!.toLowerCase(), properties }];
  });
  return { authservId: id.trim().split(/\s+/)[0]?.toLowerCase() ?? "", results };
}

/** An aligned pass among an upstream server's results: DMARC, or DKIM or SPF for the From domain. */
function upstreamVerdict(results: ResultInfo[], fromDomain: string): boolean {
  return results.some((entry) => {
    if (entry.result !== "pass") return false;
    const domainOfProperty = (name: string) => {
      const value = entry.properties.get(name);
      return value?.includes("@") ? domainOf(value) : value;
    };
    if (entry.method === "dmarc") {
      const headerFrom = entry.properties.get("header.from");
      return headerFrom === undefined || aligned(headerFrom, fromDomain);
    }
    if (entry.method === "dkim")
      return aligned(domainOfProperty("header.d") ?? domainOfProperty("header.i"), fromDomain);
    if (entry.method === "spf") return aligned(domainOfProperty("smtp.mailfrom"), fromDomain);
    return false;
  });
}

/**
 * Whether a message really comes from its From address's domain: the From header alone can be
 * written by anyone. Believed are an upstream server's Authentication-Results header, when its
 * authserv-id is trusted (the operator's MTA or mail provider, which drops such headers that
 * arrive from outside), and else this server's own check with mailauth: DMARC, or a DKIM
 * signature or an SPF pass aligned with the From domain.
 */
export async function checkSender(
  raw: Buffer,
  from: string,
  options: SenderCheckOptions,
): Promise<SenderCheck> {
  if (!from.includes("@")) return { verified: false, reason: "the message has no From address" };
  const fromDomain = domainOf(from);
  const trusted = new Set(options.trustedAuthservIds.map((id) => id.toLowerCase()));
  const upstream = authenticationResults(raw)
    .map(parseAuthenticationResults)
    .find((header) => trusted.has(header.authservId));
  if (upstream) {
    return upstreamVerdict(upstream.results, fromDomain)
      ? { verified: true, by: `Authentication-Results of ${upstream.authservId}` }
      : { verified: false, reason: `${upstream.authservId} reports no aligned SPF, DKIM or DMARC pass` };
  }

  const result = await authenticate(raw, {
    ip: options.envelope?.ip,
    helo: options.envelope?.helo,
    sender: options.envelope?.mailFrom,
    mta: options.mta,
    resolver: options.resolver,
    disableArc: true,
    disableBimi: true,
  });
  if (result.dmarc && result.dmarc.status.result === "pass") return { verified: true, by: "DMARC" };
  const dkim = result.dkim.results?.find(
    (entry) => entry.status.result === "pass" && aligned(entry.signingDomain, fromDomain),
  );
  if (dkim) return { verified: true, by: `DKIM (${dkim.signingDomain})` };
  if (result.spf && result.spf.status.result === "pass" && aligned(result.spf.domain, fromDomain)) {
    return { verified: true, by: `SPF (${result.spf.domain})` };
  }
  return { verified: false, reason: `no aligned SPF, DKIM or DMARC pass for ${fromDomain}` };
}
