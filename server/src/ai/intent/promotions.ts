/**
 * Promotional mail: newsletters, sales and digests ask the reader to buy, read or sign up, which is
 * no task of theirs. A part of a text is promotional when it carries at least two of the marks
 * below (an unsubscribe footer, "30% off", "shop now", a list's "in this issue"…). What the user
 * wrote on top of a forwarded promotion ("can you order the chairs from this sale?") is read as
 * usual: only the promotional part is left out.
 */

const PROMOTION_MARKS: RegExp[] = [
  /\bunsubscribe\b|\bopt[- ]out\b|\bto\s+stop\s+receiving\b|\bmanage\s+(?:your\s+)?(?:subscription|preferences|email\s+preferences)\b/i,
  /\byou\s+(?:are\s+receiving|received)\s+this\b|\bbecause\s+you\s+(?:signed\s+up|subscribed|are\s+a\s+member)\b/i,
  /\bview\s+(?:it\s+|this\s+(?:e-?mail\s+)?)?in\s+(?:your\s+|a\s+)?browser\b/i,
  /\b\d{1,3}\s*%\s*off\b|\bsave\s+(?:up\s+to\s+)?\d{1,3}\s*%|\b\$\d+\s+off\b/i,
  /\bshop\s+(?:now|today)\b|\bbuy\s+now\b|\border\s+now\b|\bbook\s+now\b|\bget\s+yours\b/i,
  /\b(?:flash\s+|big(?:gest)?\s+|holiday\s+|summer\s+|winter\s+)?sale\b|\bdeals?\b|\bbuy\s+one,?\s+get\s+one\b/i,
  /\bfree\s+(?:shipping|delivery|gift|trial|returns)\b|\buse\s+(?:the\s+)?(?:promo\s+)?code\b|\bpromo(?:tion(?:al)?)?\s+code\b/i,
  /\bnewsletter\b|\bin\s+this\s+(?:issue|edition)\b|\b(?:weekly|daily|monthly)\s+digest\b|\btop\s+stories\b/i,
  /\blimited\s+time\b|\btoday\s+only\b|\bthis\s+week\s+only\b|\bdon['’]?t\s+miss\s+out\b|\bwhile\s+stocks?\s+last\b/i,
  /\bprivacy\s+policy\b|\bterms\s+(?:and|&)\s+conditions\b/i,
  /\bupgrade\s+to\s+premium\b|\btreat\s+yourself\b|\breserve\s+your\s+spot\b/i,
];

/** How many kinds of promotional mark a text carries. */
function promotionMarks(text: string): number {
  return PROMOTION_MARKS.reduce((count, mark) => count + (mark.test(text) ? 1 : 0), 0);
}

export function isPromotional(text: string): boolean {
  return promotionMarks(text) >= 2;
}

/** Where a forwarded or quoted original starts: what is above it is the user's own note. */
const FORWARD_START =
  /^\s*(?:-{2,}\s*(?:original\s+message|forwarded\s+message)\s*-{2,}|begin\s+forwarded\s+message:?|-{5,}|_{5,})\s*$/i;

/**
 * The lines of a text that belong to a promotion (indexes), to be left out of reading. A text
 * whose own part (above a forwarded one) is not promotional keeps that part.
 */
export function promotionalLines(lines: readonly string[]): Set<number> {
  const skipped = new Set<number>();
  const start = lines.findIndex((line) => FORWARD_START.test(line));
  const parts: [number, number][] =
    start < 0
      ? [[0, lines.length]]
      : [
          [0, start],
          [start, lines.length],
        ];
  for (const [from, to] of parts) {
    if (!isPromotional(lines.slice(from, to).join("\n"))) continue;
    for (let index = from; index < to; index += 1) skipped.add(index);
  }
  return skipped;
}
