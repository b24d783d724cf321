import { isUnchecked } from "./queue-views";

/**
 * The case to open after this one, in the queue's order: the first case that needs review (the list comes sorted by
 * due time, none last); when none is left, the first other open case that is not still being read, cases the engine
 * could not check ("Succeeded": read, no determination; their own view says what they need) after every other.
 */
export function pickNextCase<C extends { id: string; status: string }>(currentId: string, needsReview: readonly C[], open: readonly C[]): C | null {
  const offered = (c: C) => c.id !== currentId && c.status !== "Processing";
  return needsReview.find((c) => c.id !== currentId) ?? open.find((c) => offered(c) && !isUnchecked(c.status)) ?? open.find(offered) ?? null;
}
