/** planer ships no types; this is the part of its API the mail cleaning uses. */
declare module "planer" {
  /** The message without its quotation; planer reads at most 1,000 lines and drops the rest. */
  export function extractFrom(body: string, contentType: "text/plain"): string;
}
