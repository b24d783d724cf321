import { withWorkspace } from "@/lib/api/with-workspace";
import { json } from "@/lib/api/responses";
import { ZMetricsQuery } from "@/lib/schemas/report";
import { getMetrics } from "@/lib/reports/get-metrics";
import { metricsToCsv } from "@/lib/reports/metrics-csv";

export const dynamic = "force-dynamic";

// GET /reports/metrics?from=&to=&format= - CMS-0057-F prior authorization metrics, per item and overall (JSON or CSV)
export const GET = withWorkspace(async ({ req, workspace }) => {
  const query = ZMetricsQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const report = await getMetrics({ workspaceId: workspace.id, from: query.from, to: query.to });
  if (query.format === "csv") {
    return new Response(metricsToCsv(report), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="pa-metrics-${report.from}-to-${report.to}.csv"`,
      },
    });
  }
  return json(report);
});
