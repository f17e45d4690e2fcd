import { describe, expect, it } from "vitest";
import { distinctMailSample } from "../../../bench/lib/mail-sample";
import { splitSentences } from "../../src/ai/intent/sentences";

describe("the bench's e-mail sample", () => {
  it("is as long as asked and the same on every call", () => {
    expect(distinctMailSample(20_000)).toHaveLength(20_000);
    expect(distinctMailSample(20_000)).toBe(distinctMailSample(20_000));
    expect(distinctMailSample(20_000, 5)).not.toBe(distinctMailSample(20_000));
  });

  it("never repeats a sentence of an e-mail body", () => {
    const text = distinctMailSample(50_000);
    const sentences = text
      .split(/\n\s*\n/)
      .filter((paragraph) => !/^(?:Hi \S+,|Thanks,\n)/.test(paragraph))
      .flatMap((paragraph) => splitSentences(paragraph.replace(/\s+/g, " ")))
      .slice(0, -1); // the last one may be cut short
    expect(sentences.length).toBeGreaterThan(500);
    expect(new Set(sentences).size).toBe(sentences.length);
  });
});
