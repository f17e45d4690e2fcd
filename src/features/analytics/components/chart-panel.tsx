import { Download, Table2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { tableToCsv, type ChartTable } from "../chart-data";

interface ChartPanelProps {
  title: string;
  description: string;
  table: ChartTable;
  /** The CSV file's name, without the extension. */
  filename: string;
  children: ReactNode;
}

function downloadCsv(table: ChartTable, filename: string): void {
  const url = URL.createObjectURL(new Blob([tableToCsv(table)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${filename}.csv`;
  link.click();
  // The click has started the download; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A chart with its numbers: "Show table" reveals them as a table (the chart's alternative for
 * screen readers and keyboards), "Download CSV" saves them.
 */
export function ChartPanel({ title, description, table, filename, children }: ChartPanelProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {children}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showTable}
            aria-controls={tableId}
            aria-label={`${showTable ? "Hide table" : "Show table"}: ${title}`}
            onClick={() => setShowTable((shown) => !shown)}
          >
            <Table2 aria-hidden />
            {showTable ? "Hide table" : "Show table"}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Download CSV: ${title}`}
            onClick={() => downloadCsv(table, filename)}
          >
            <Download aria-hidden />
            Download CSV
          </Button>
        </div>
        <div id={tableId} hidden={!showTable}>
          {showTable ? (
            // A wide table scrolls inside its own region, which keyboards can reach.
            <div
              className="max-h-80 overflow-auto rounded-md border"
              tabIndex={0}
              role="region"
              aria-label={`${title} table`}
            >
              <table className="w-full text-sm">
                <caption className="sr-only">{title}</caption>
                <thead className="sticky top-0 bg-muted">
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 text-left font-medium">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={String(row[0])} className="border-t">
                      {row.map((value, index) =>
                        index === 0 ? (
                          <th key={index} scope="row" className="px-3 py-1.5 text-left font-normal">
                            {value}
                          </th>
                        ) : (
                          <td key={index} className="px-3 py-1.5 tabular-nums">
                            {value}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
