// A person's name as written on a form: "Dr. Lisa Lauren", "Lauren, Lisa MD", "Jane Q Doe".

export interface PersonName {
  prefix: string[];
  given: string[];
  family: string | null;
  /** Credentials after the name (MD, DO, NP ...). */
  suffix: string[];
}

const PREFIX = /^(?:dr|mr|mrs|ms|miss|mx|prof)\.?$/i;
const SUFFIX = /^(?:md|m\.d\.|do|d\.o\.|np|pa|pa-c|aprn|arnp|crnp|dnp|pharmd|rph|rn|phd|mph|mba|facp|faap|jr|sr|ii|iii|iv|dds|dmd|od|dpm|fnp|fnp-c|ms)\.?$/i;

/** Null when the text does not look like a name (digits, too many words, empty). */
export function parsePersonName(raw: string): PersonName | null {
  const text = raw.replace(/\s+/g, " ").replace(/[|_]+/g, " ").trim();
  if (!text || /\d/.test(text) || text.length > 80) return null;
  let words = text.split(/\s+/);
  const prefix: string[] = [];
  const suffix: string[] = [];
  while (words.length && PREFIX.test(words[0])) {
    const p = words.shift() as string;
    prefix.push(p.endsWith(".") ? p : `${p}.`);
  }
  // "Lauren, Lisa MD": family first, before a comma.
  const comma = words.join(" ").split(",");
  let family: string | null = null;
  if (comma.length >= 2 && comma[0].trim().split(/\s+/).length <= 2 && !SUFFIX.test(comma[1].trim().split(/\s+/)[0] ?? "")) {
    family = comma[0].trim();
    words = comma.slice(1).join(" ").trim().split(/\s+/).filter(Boolean);
  } else {
    words = words.map((w) => w.replace(/,$/, "")).filter(Boolean);
  }
  while (words.length && SUFFIX.test(words[words.length - 1].replace(/,$/, ""))) suffix.unshift((words.pop() as string).replace(/,$/, ""));
  if (words.length > 5 || (!family && !words.length)) return null;
  if (words.some((w) => !/^[A-Za-zÀ-ÖØ-öø-ÿ'’.\-]+$/.test(w))) return null;
  if (!family) {
    family = words.length ? (words.pop() as string) : null;
  }
  return { prefix, given: words.map((w) => w.replace(/,$/, "")), family, suffix };
}
