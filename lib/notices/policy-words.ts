// The policy a notice names, in one line: its title, and its section only when the section adds to the title. A title
// the policy reader cut inside a parenthesis ("Nuedexta® (dextromethorphan") is printed up to the cut's opening, so a
// letter never shows a fragment or the same words twice. Pure.

/** Words only, for comparing a title and a section ("Nuedexta® (dextromethorphan" ~ "NUEDEXTA (DEXTROMETHORPHAN)"). */
const comparable = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/** The text without a parenthesis that opens and never closes (the reader cut it), nor the separators left before it. */
export function withoutCutParenthesis(text: string): string {
  let open = -1;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") {
      if (depth === 0) open = i;
      depth++;
    } else if (text[i] === ")" && depth > 0) depth--;
  }
  if (depth === 0) return text.trim();
  const kept = text.slice(0, open).replace(/[\s,;:–-]+$/u, "").trim();
  return kept || text.trim();
}

export function policyWords(policy: { title: string; section: string | null }): string {
  const title = withoutCutParenthesis(policy.title);
  const section = policy.section ? withoutCutParenthesis(policy.section) : "";
  const [t, s] = [comparable(title), comparable(section)];
  if (!s || t.includes(s)) return title;
  if (s.includes(t)) return section;
  return `${title}, ${section}`;
}
