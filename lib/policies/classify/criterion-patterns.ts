// The named expressions of criterion-rules.json, compiled once: rules refer to them as "@name", and extractors and the
// list-intro reader use the same ones, so a phrasing is added in one place.
import data from "./criterion-rules.json";

const compiled = new Map<string, RegExp>(Object.entries(data.patterns as Record<string, string>).map(([name, source]) => [name, new RegExp(source, "i")]));

export const PATTERN_NAMES: readonly string[] = [...compiled.keys()];

/** The pattern of that name (case-insensitive); an unknown name is a programming error. */
export function criterionPattern(name: string): RegExp {
  const found = compiled.get(name);
  if (!found) throw new Error(`criterion-rules.json has no pattern "${name}"`);
  return found;
}
