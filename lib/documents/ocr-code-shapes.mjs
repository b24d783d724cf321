// Reads a recognised word that has the shape of a code as that code: "El1.9" -> "E11.9", "O2/10/2026" ->
// "02/10/2026", "1326O48794" -> "1326048794" (only when the NPI check digit then holds). The shapes, the confusable
// characters and the most corrections allowed are data (data/ocr-code-shapes.json); anything else is kept as read.
// Plain JavaScript: the document-reading worker (worker/ocr.mjs) loads it at run time. Pure.
import { readFileSync } from "node:fs";

export const CODE_SHAPES = JSON.parse(readFileSync(new URL("./data/ocr-code-shapes.json", import.meta.url), "utf8"));

const isDigit = (c) => c >= "0" && c <= "9";
const isLetter = (c) => /^[A-Z]$/.test(c);

/** The NPI check digit (Luhn over "80840" and the first nine digits). */
function npiHolds(npi) {
  const digits = `80840${npi.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(npi[9]);
}

const CHECKS = { npi: npiHolds };

/** The word read into `template`, with how many characters were changed; null when it does not fit. */
function fit(word, template, rules) {
  if (word.length !== template.length) return null;
  let out = "";
  let changed = 0;
  let kept = 0;
  for (let i = 0; i < template.length; i++) {
    const slot = template[i];
    const c = word[i];
    let read = null;
    if (slot === "D") read = isDigit(c) ? c : rules.asDigit[c] ?? null;
    else if (slot === "L") read = isLetter(c) ? c : rules.asLetter[c] ?? null;
    else if (slot === "C") read = isDigit(c) || (isLetter(c) && !(c in rules.asCodeCharacter)) ? c : rules.asCodeCharacter[c] ?? null;
    else read = c === slot ? c : null;
    if (read === null) return null;
    if (read !== c) changed++;
    else if ("DLC".includes(slot)) kept++;
    out += read;
  }
  return { text: out, changed, kept };
}

/** The word as its code when it is one misread within the rules, else the word unchanged. */
export function readCodeShape(word, rules = CODE_SHAPES) {
  // Punctuation around a code ("(E11.9)", "1326048794,") is kept around it.
  const m = /^([(\["']*)(.*?)([)\]"',;:]*)$/.exec(word);
  if (!m || !m[2]) return word;
  const [, before, core, after] = m;
  for (const shape of rules.shapes) {
    for (const template of shape.templates) {
      const read = fit(core, template, rules);
      if (!read || read.changed === 0 || read.changed > rules.maxCorrections) continue;
      // Mostly right already: a word of letters is no code misread.
      const slots = [...template].filter((s) => "DLC".includes(s)).length;
      if (read.kept < slots / 2) continue;
      if (shape.check && !CHECKS[shape.check]?.(read.text)) continue;
      return `${before}${read.text}${after}`;
    }
  }
  return word;
}
