// How far apart two written words are: the ONE edit-distance helper of the code (drug misspellings, diagnosis names
// with a typo, a title one letter off).

/** Optimal string alignment distance (a transposition counts as one edit), stopping early past `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** How many leading characters two strings share: where they first differ. */
export function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * True when the strings are equal or one character was replaced, inserted or deleted (a transposition is two edits
 * here). `letters`: only a letter may be the one that differs ("type 1" and "type 2" are two diseases, not a typo).
 */
export function withinOneEdit(a: string, b: string, opts: { letters?: boolean } = {}): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const i = firstDifference(a, b);
  const oneEdit = a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
  if (!oneEdit || !opts.letters) return oneEdit;
  return /^[a-z]?$/.test(a[i] ?? "") && /^[a-z]?$/.test(b[i] ?? "");
}
