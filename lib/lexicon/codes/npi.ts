// National Provider Identifier: 10 digits whose last digit is a Luhn check digit computed over the number prefixed
// with 80840 (the ISO 7812 issuer prefix for US health applications), as NPPES specifies.

/** Luhn check digit of the first nine NPI digits (with the 80840 prefix). */
export function npiCheckDigit(first9: string): number {
  if (!/^\d{9}$/.test(first9)) throw new Error("npiCheckDigit needs nine digits");
  const digits = `80840${first9}`;
  let sum = 0;
  // From the right, every other digit starting with the rightmost of the payload is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 10 digits with a correct check digit. */
export function isValidNpi(npi: string): boolean {
  return /^\d{10}$/.test(npi) && npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/** The digits of an NPI as written ("123 456 7893", "1234-567-893"); null when there are none or too many. */
export function normalizeNpi(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, "");
  return /^\d{1,15}$/.test(digits) ? digits : null;
}

export interface NpiMatch {
  npi: string;
  start: number;
  end: number;
}

const NPI_IN_TEXT = /\bNPI\b\s*(?:#|no\.?|number)?\s*[:#]?\s*(\d{10})(?!\d)/gi;

/** NPIs written after "NPI" in running text ("NPI: 1234567893", "NPI # 1234567893"). */
export function findNpis(text: string): NpiMatch[] {
  return [...text.matchAll(NPI_IN_TEXT)].map((m) => {
    const start = m.index + m[0].length - m[1].length;
    return { npi: m[1], start, end: start + m[1].length };
  });
}
