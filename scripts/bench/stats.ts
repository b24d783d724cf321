/** Percentile by nearest rank over a copy of `values` (ms). Null for no values. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const fmt = (value: number | null | undefined, digits = 1) => (value === null || value === undefined || Number.isNaN(value) ? "n/a" : value.toFixed(digits));

/** Runs one bench on its own (`npx tsx scripts/bench/<file>.ts`) and prints its row as a table; run.ts imports it instead. */
export function runWhenMain(file: string, bench: () => Promise<Record<string, unknown>>): void {
  if (!process.argv[1]?.endsWith(file)) return;
  bench().then(
    (row) => {
      for (const [metric, value] of Object.entries(row)) console.log(`| ${metric} | ${value} |`);
      process.exit(0);
    },
    (error) => {
      console.error("bench failed:", error);
      process.exit(1);
    },
  );
}
