import { MetricsReport } from "@/components/reports/metrics-report";

export default function ReportsPage() {
  return <MetricsReport />;
}
