import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { renderTable, type BenchSection, type SectionReport } from "./lib/report";

/**
 * `npm run bench [-- [--only] name…]`: runs every section in bench/sections (or those whose file
 * name contains one of the names: `npm run bench -- --only tasks-load`) one after another and
 * prints their figures, each budget beside its figure with its verdict. A section is a file that
 * default-exports a BenchSection; adding one needs no change here. Loopback only; it stops by
 * itself, and gives up after GIVE_UP_MS whatever happens. Exits 1 when a section fails to run
 * (a MISSED budget is a figure, not a failure).
 */

const GIVE_UP_MS = 45 * 60_000;
const sectionsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "sections");

function machine(): string {
  const cpus = os.cpus();
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return [
    "Machine",
    `  cpu      ${cpus[0]?.model.trim() ?? "unknown"} × ${cpus.length}`,
    `  memory   ${gib(os.totalmem())} total, ${gib(os.freemem())} free`,
    `  load     ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} (1, 5, 15 min)`,
    `  node     ${process.version} on ${os.platform()} ${os.arch()}`,
  ].join("\n");
}

function render(report: SectionReport, seconds: number): string {
  const heading = `== ${report.title} (${seconds.toFixed(1)} s) `;
  return [
    heading.padEnd(100, "="),
    ...report.tables.map((table) => `\n${renderTable(table)}`),
    ...(report.notes?.length ? ["", ...report.notes.map((note) => `• ${note}`)] : []),
  ].join("\n");
}

async function loadSection(file: string): Promise<BenchSection> {
  const module = (await import(pathToFileURL(path.join(sectionsDir, file)).href)) as { default?: unknown };
  if (typeof module.default !== "function")
    throw new Error(`bench/sections/${file} has no default-exported section`);
  return module.default as BenchSection;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((arg) => arg !== "--only");
  const files = readdirSync(sectionsDir)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .filter((file) => wanted.length === 0 || wanted.some((name) => file.includes(name)))
    .sort();
  if (files.length === 0) throw new Error(`No bench section matches ${wanted.join(", ")}`);

  console.log(`${machine()}\n`);
  let failed = false;
  for (const file of files) {
    const started = performance.now();
    try {
      const section = await loadSection(file);
      console.log(`${render(await section(), (performance.now() - started) / 1000)}\n`);
    } catch (error) {
      failed = true;
      console.error(
        `== ${file} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
  }
  process.exit(failed ? 1 : 0);
}

setTimeout(() => {
  console.error(`bench: gave up after ${GIVE_UP_MS / 60_000} minutes`);
  process.exit(1);
}, GIVE_UP_MS).unref();

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
