/**
 * The case to open after this one, in the queue's order: the first case that needs review (the list comes sorted by
 * due time, none last); when none is left, the first other open case that is not still being read.
 */
export function pickNextCase<C extends { id: string; status: string }>(currentId: string, needsReview: readonly C[], open: readonly C[]): C | null {
  return needsReview.find((c) => c.id !== currentId) ?? open.find((c) => c.id !== currentId && c.status !== "Processing") ?? null;
}
