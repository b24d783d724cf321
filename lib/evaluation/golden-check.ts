import fs from "node:fs";
import path from "node:path";
import { compareStage, type StageFigures } from "./stage-figures";

export interface GoldenCheck {
  /** Names the figures in messages ("end_to_end", "intake", "scans", "generated"). */
  label: string;
  file: string;
  now: StageFigures;
  /** The golden groups to compare with (a filtered run passes fewer). */
  golden: StageFigures;
  /** What UPDATE_GOLDEN=1 writes to `file`: the figures merged into what the file holds. */
  updated: () => unknown;
  /** A group with no golden figures is a problem (a fixed set of groups), not only a line to print. */
  unrecordedIsProblem?: boolean;
}

/**
 * Every evaluation holds its figures to a committed golden file the same way. With UPDATE_GOLDEN=1 the figures are
 * written and nothing is compared. Otherwise rises and unrecorded groups are printed, and the problems returned (to be
 * expected empty): figures below golden (above, for false met and false approvals), golden groups not evaluated.
 */
export function checkAgainstGolden(check: GoldenCheck): string[] {
  if (process.env.UPDATE_GOLDEN === "1") {
    fs.writeFileSync(check.file, `${JSON.stringify(check.updated(), null, 2)}\n`);
    console.log(`[evaluation] wrote ${path.basename(check.file)} (${check.label}): commit it with the reason the figures changed`);
    return [];
  }
  return goldenProblems(check);
}

/** The comparison alone (pure apart from printing). */
export function goldenProblems(check: Pick<GoldenCheck, "label" | "now" | "golden" | "unrecordedIsProblem">): string[] {
  const { drops, rises, unrecorded } = compareStage(check.label, check.now, check.golden);
  const missing = Object.keys(check.golden).filter((group) => !check.now[group]).map((group) => `${check.label} ${group}: not evaluated (golden has it)`);
  if (rises.length) console.log(`[evaluation] ${check.label}: better than golden (raise it deliberately with UPDATE_GOLDEN=1):\n  ${rises.join("\n  ")}`);
  if (unrecorded.length && !check.unrecordedIsProblem) console.log(`[evaluation] ${check.label}: no golden figures yet for ${unrecorded.join(", ")} (record them with UPDATE_GOLDEN=1)`);
  return [...drops, ...missing, ...(check.unrecordedIsProblem ? unrecorded : [])];
}
