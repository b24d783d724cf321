/** The spec's timestamp: ISO 8601 in UTC with fractional seconds and no zone designator (2024-05-01T12:00:00.123000). */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace("Z", "000");
}
