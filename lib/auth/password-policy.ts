// The password policy for members, the operators' CLI and the demo seed: long enough, and not one of the passwords
// guessing lists try first (lib/auth/data/common-passwords.json, data rather than code).
import COMMON from "./data/common-passwords.json";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

// A listed password with other digits or "!" at its end is the same guess: compare the stems too.
const stem = (password: string) => password.toLowerCase().replace(/[\d!]+$/, "");
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(COMMON.passwords.flatMap((p) => [p.toLowerCase(), stem(p)]).filter((p) => p.length >= 4));
  return common;
}

/** null when the password may be used, else why not (in words a person can act on). */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must have at most ${MAX_PASSWORD_LENGTH} characters`;
  const lower = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower) || list.has(stem(lower))) return "is too common: choose a password that is not on the lists attackers try first";
  if (new Set(lower).size < 4) return "repeats too few different characters";
  return null;
}
