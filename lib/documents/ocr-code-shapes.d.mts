export interface CodeShapeRules {
  asDigit: Record<string, string>;
  asLetter: Record<string, string>;
  asCodeCharacter: Record<string, string>;
  maxCorrections: number;
  shapes: { name: string; templates: string[]; check?: "npi" }[];
}
export const CODE_SHAPES: CodeShapeRules;
export function readCodeShape(word: string, rules?: CodeShapeRules): string;
