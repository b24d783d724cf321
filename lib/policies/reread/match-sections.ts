// Which section of a new reading of a policy document is which of the document's stored policies: by the section's
// label and its drug binding, each policy at most once. Sections left over are new policies; policies left over are
// no longer found in the document (left untouched, reported). Pure.

export interface StoredSection {
  policyId: string;
  /** The section label stored with the policy (null for a policy that is no document section). */
  label: string | null;
  drugNames: readonly string[];
}

export interface ReadSection {
  label: string;
  drugNames: readonly string[];
}

export interface SectionMatch {
  /** Pairs of a stored policy and the index of the read section it is. */
  pairs: { policyId: string; index: number; by: "label_and_drugs" | "label" | "drugs" | "only_section" }[];
  /** Indexes of read sections no stored policy is: new sections. */
  added: number[];
  /** Stored policies no read section is: their section is no longer found. */
  unmatched: string[];
}

const norm = (text: string | null) => (text ?? "").toLowerCase().normalize("NFKC").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
const drugKey = (names: readonly string[]) => [...new Set(names.map(norm).filter(Boolean))].sort().join("\u0000");

export function matchSections(stored: readonly StoredSection[], read: readonly ReadSection[]): SectionMatch {
  const pairs: SectionMatch["pairs"] = [];
  const usedPolicies = new Set<string>();
  const usedSections = new Set<number>();
  // Keys computed once (a drug list has hundreds of sections).
  const keyed = stored.map((s) => ({ policyId: s.policyId, label: norm(s.label), drugs: drugKey(s.drugNames) }));
  const readKeys = read.map((r) => ({ label: norm(r.label), drugs: drugKey(r.drugNames) }));
  type Key = { label: string; drugs: string };
  const pass = (by: SectionMatch["pairs"][number]["by"], same: (s: Key, r: Key) => boolean) => {
    for (const s of keyed) {
      if (usedPolicies.has(s.policyId)) continue;
      const index = readKeys.findIndex((r, i) => !usedSections.has(i) && same(s, r));
      if (index < 0) continue;
      pairs.push({ policyId: s.policyId, index, by });
      usedPolicies.add(s.policyId);
      usedSections.add(index);
    }
  };
  pass("label_and_drugs", (s, r) => !!s.label && s.label === r.label && s.drugs === r.drugs);
  pass("label", (s, r) => !!s.label && s.label === r.label);
  pass("drugs", (s, r) => !!s.drugs && s.drugs === r.drugs);
  // A one-section document (a single-drug policy) read again as one section is that section, whatever its title now.
  if (stored.length === 1 && read.length === 1) pass("only_section", () => true);
  return {
    pairs,
    added: read.map((_, i) => i).filter((i) => !usedSections.has(i)),
    unmatched: stored.filter((s) => !usedPolicies.has(s.policyId)).map((s) => s.policyId),
  };
}
