import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./bounded";

/**
 * What a built chunk is made of, read from its (hidden) source map: every stretch of generated
 * code is charged to the npm package or the repository file it came from. This is how the bench
 * says *why* a page is over its budget, not only that it is.
 */

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** One segment of a source-map "mappings" line: base64 VLQ numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`Invalid source-map character "${char}"`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** "react-dom", "@tanstack/query-core", or a repository path such as "src/config/env.ts". */
function ownerOf(source: string, mapDir: string): string {
  const file = path.resolve(mapDir, source);
  const packages = file.lastIndexOf(`node_modules${path.sep}`);
  if (packages >= 0) {
    const [scope = "", name = ""] = file.slice(packages + "node_modules/".length).split(path.sep);
    return scope.startsWith("@") ? `${scope}/${name}` : scope;
  }
  return path.relative(repoRoot, file) || source;
}

/** Generated code of `file` (a path inside `buildDir`), grouped by owner; undefined without a map. */
export function chunkContents(buildDir: string, file: string): Map<string, string> | undefined {
  const codePath = path.join(buildDir, file);
  if (!existsSync(`${codePath}.map`)) return undefined;
  const lines = readFileSync(codePath, "utf8").split("\n");
  const map = JSON.parse(readFileSync(`${codePath}.map`, "utf8")) as { sources: string[]; mappings: string };
  const owners = map.sources.map((source) => ownerOf(source, path.dirname(codePath)));
  const parts = new Map<string, string[]>();
  const charge = (owner: string, text: string) => {
    if (!text) return;
    const texts = parts.get(owner);
    if (texts) texts.push(text);
    else parts.set(owner, [text]);
  };
  let sourceIndex = 0;
  map.mappings.split(";").forEach((mappingLine, lineIndex) => {
    const line = lines[lineIndex] ?? "";
    let column = 0;
    let previous: { column: number; owner: string } | undefined;
    let covered = 0;
    for (const segment of mappingLine.split(",")) {
      if (!segment) continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (previous) charge(previous.owner, line.slice(previous.column, column));
      else charge("(not mapped)", line.slice(0, column));
      if (sourceDelta !== undefined) sourceIndex += sourceDelta;
      previous = {
        column,
        owner: sourceDelta === undefined ? "(not mapped)" : (owners[sourceIndex] ?? "(unknown)"),
      };
      covered = column;
    }
    if (previous) charge(previous.owner, line.slice(covered));
    else charge("(not mapped)", line);
  });
  return new Map([...parts].map(([owner, texts]) => [owner, texts.join("")]));
}
