// What a new reading of one section does to its stored policy, and how the change note says what changed. Pure.
// A person's work is never overwritten: when the latest version's criteria are not the last ones a reader produced
// (published from the criteria editor), the new reading becomes the policy's draft, to be compared and published by
// an admin; drug names or codes a person edited are kept.
import { diffCriteria } from "../drafts/diff-criteria";
import { readerStatus } from "../reader-version";
import { countUnreadRequirements } from "../read/formulary/unread-requirements";
import type { ParsedPolicy } from "../types";

export interface VersionSnapshot {
  parsed: ParsedPolicy;
  drugNames: readonly string[];
  ndcCodes: readonly string[];
  cptCodes: readonly string[];
}

export type RereadDecision =
  | { action: "none" }
  | { action: "version"; changeNote: string; bindings: "read" | "kept" }
  | { action: "draft"; changeNote: string }
  /** A person's draft is pending: the new reading is not stored; reported. */
  | { action: "draft_exists"; changeNote: string };

/** The change note of a version a reader produced (an upload, or a re-read). */
export const UPLOAD_NOTE = "Uploaded";
export const REREAD_NOTE_PREFIX = "Re-read by reader";
export const isReaderNote = (note: string | null) => note === UPLOAD_NOTE || (note ?? "").startsWith(REREAD_NOTE_PREFIX);


const sameList = (a: readonly string[], b: readonly string[]) => [...a].sort().join("\u0000") === [...b].sort().join("\u0000");
const sameBindings = (a: VersionSnapshot, b: VersionSnapshot) => sameList(a.drugNames, b.drugNames) && sameList(a.ndcCodes, b.ndcCodes) && sameList(a.cptCodes, b.cptCodes);

/** What changed from `before` to `after`, in words ("requirements/limits column recognised; criteria: 2 added"). */
export function describeChanges(before: VersionSnapshot, after: VersionSnapshot, compareBindings = true): string[] {
  const parts: string[] = [];
  const unreadBefore = countUnreadRequirements(before.parsed);
  const unreadAfter = countUnreadRequirements(after.parsed);
  if (unreadBefore > unreadAfter) parts.push(unreadAfter === 0 ? "requirements/limits column recognised" : `${unreadBefore - unreadAfter} of ${unreadBefore} unread requirement cells recognised`);
  else if (unreadAfter > unreadBefore) parts.push(`${unreadAfter - unreadBefore} requirement cells now unread`);
  const changes = diffCriteria(before.parsed, after.parsed);
  if (changes.length) {
    const count = (kind: string) => changes.filter((c) => c.change === kind).length;
    parts.push(`criteria: ${[["added", count("added")], ["removed", count("removed")], ["changed", count("changed")]].filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(", ")}`);
  }
  if (compareBindings && !sameBindings(before, after)) parts.push("drug names or codes changed");
  return parts;
}

/**
 * The latest version's criteria were written by an older engine and cannot be read (UnreadableRecord): nothing to
 * compare, and a person's edits cannot be told from a reader's, so the new reading becomes the draft for an admin to
 * publish (or is reported when a draft is pending).
 */
export function decideRereadOverUnreadable(opts: { hasDraft: boolean; currentReader: string }): RereadDecision {
  const changeNote = `${REREAD_NOTE_PREFIX} ${opts.currentReader}: the stored criteria were written by an older engine and cannot be read; review the new reading and publish it`;
  return opts.hasDraft ? { action: "draft_exists", changeNote } : { action: "draft", changeNote };
}

export function decideReread(opts: {
  latest: VersionSnapshot;
  /** The newest version a reader produced (upload or re-read); null when none is known. */
  lastReaderVersion: VersionSnapshot | null;
  reading: VersionSnapshot;
  hasDraft: boolean;
  currentReader: string;
}): RereadDecision {
  const { latest, lastReaderVersion, reading } = opts;
  const personEditedCriteria = !lastReaderVersion || diffCriteria(lastReaderVersion.parsed, latest.parsed).length > 0;
  const personEditedBindings = !lastReaderVersion || !sameBindings(lastReaderVersion, latest);
  const criteriaDiffer = diffCriteria(latest.parsed, reading.parsed).length > 0;
  const bindingsDiffer = !personEditedBindings && !sameBindings(latest, reading);
  const stale = readerStatus(latest.parsed, opts.currentReader).reread_recommended;
  if (!criteriaDiffer && !bindingsDiffer && !stale) return { action: "none" };
  const parts = describeChanges(latest, reading, !personEditedBindings);
  const note = `${REREAD_NOTE_PREFIX} ${opts.currentReader}: ${parts.length ? parts.join("; ") : "no change in criteria, drugs or codes"}`;
  if (personEditedCriteria && criteriaDiffer) return opts.hasDraft ? { action: "draft_exists", changeNote: note } : { action: "draft", changeNote: note };
  return { action: "version", changeNote: note, bindings: personEditedBindings ? "kept" : "read" };
}
