// One generated request (pure, deterministic from its seed): the truth it carries (the fields it writes, in the
// labels' format of ../shared/corpus/policy-families/labels.json, so stage-intake.ts scores it as it scores the
// corpus) and what its documents say: a request form in one of several layouts, with label wordings, date formats
// and ways of marking a checkbox drawn from vocabulary.json, then a clinic note, a lab report and a claims table
// that name other drugs and amounts (which are history, not the request).
import vocabulary from "./vocabulary.json";
import { seededRandom, type Random } from "./seeded-random";

export const LAYOUTS = ["label-left", "label-above", "boxed", "two-column", "table"] as const;
export type Layout = (typeof LAYOUTS)[number];

export type FieldName = keyof typeof vocabulary.labels;

/** One field as the form prints it. `wrap` lets a long value run onto the next line. */
export interface FormField {
  name: FieldName;
  label: string;
  value: string;
  /** The form's own colon after the label (forms with boxes often print none). */
  colon: boolean;
}

export interface GeneratedTruth {
  patient_dob: string;
  patient_sex: "F" | "M";
  drug: string;
  quantity: number;
  days_supply: number;
  dx_icd10: string[];
  prescriber_npi: string;
  /** The specialty as the form writes it, and its NUCC taxonomy code (what the intake must map it to). */
  specialty_written: string;
  prescriber_taxonomy: string;
}

export interface GeneratedVariant {
  id: string;
  seed: number;
  layout: Layout;
  /** How the variant writes what varies, in words (date format, sex as text or checkboxes, ...). */
  traits: string[];
  truth: GeneratedTruth;
  title: string;
  sections: { heading: string; fields: FormField[] }[];
  /** A narrow box beside the form naming other drugs (a program's list), which are not the request. */
  sideBar: string[] | null;
  note: { header: string; paragraphs: string[] };
  lab: { rows: [string, string, string, string][] } | null;
  claims: { rows: [string, string, string, string, string][] } | null;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad = (n: number) => String(n).padStart(2, "0");

/** The ways US forms print a date. */
const DATE_FORMATS: Record<string, (y: number, m: number, d: number) => string> = {
  "MM/DD/YYYY": (y, m, d) => `${pad(m)}/${pad(d)}/${y}`,
  "M/D/YYYY": (y, m, d) => `${m}/${d}/${y}`,
  "MM-DD-YYYY": (y, m, d) => `${pad(m)}-${pad(d)}-${y}`,
  "YYYY-MM-DD": (y, m, d) => `${y}-${pad(m)}-${pad(d)}`,
  "Month D, YYYY": (y, m, d) => `${MONTHS[m - 1]} ${d}, ${y}`,
  "DD Mon YYYY": (y, m, d) => `${pad(d)} ${MONTHS[m - 1].slice(0, 3)} ${y}`,
  "Mon. D, YYYY": (y, m, d) => `${MONTHS[m - 1].slice(0, 3)}. ${d}, ${y}`,
};

/** A valid NPI: 9 digits and the Luhn check digit over the 80840 prefix. */
export function npiOf(random: Random): string {
  const body = `1${Array.from({ length: 8 }, () => random.int(0, 9)).join("")}`;
  const digits = `80840${body}`.split("").map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    const v = double ? digits[i] * 2 : digits[i];
    sum += v > 9 ? v - 9 : v;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Sex as forms mark it: a letter or word, or checkboxes of several kinds. */
function sexText(random: Random, sex: "F" | "M", traits: string[]): string {
  const word = sex === "F" ? "Female" : "Male";
  const style = random.pick(["letter", "word", "lower", "brackets", "parens", "x-before"] as const);
  traits.push(`sex ${style}`);
  const [first, second] = random.chance(0.5) ? (["Male", "Female"] as const) : (["Female", "Male"] as const);
  const mark = (option: string, on: string, off: string) => `${option === word ? on : off} ${option}`;
  switch (style) {
    case "letter":
      return sex;
    case "word":
      return word;
    case "lower":
      return word.toLowerCase();
    case "brackets":
      return `${mark(first, "[X]", "[ ]")}   ${mark(second, "[X]", "[ ]")}`;
    case "parens":
      return `${mark(first, "(X)", "( )")}   ${mark(second, "(X)", "( )")}`;
    case "x-before":
      return `${mark(first, "X", "__")}   ${mark(second, "X", "__")}`;
  }
}

export function generateVariant(seed: number): GeneratedVariant {
  const random = seededRandom(seed);
  const traits: string[] = [];
  const layout = random.pick(LAYOUTS);
  const request = random.pick(vocabulary.requests);
  const taxonomy = random.pick(request.specialties) as keyof typeof vocabulary.specialties;
  const specialtyWritten = random.pick(vocabulary.specialties[taxonomy]);
  const dateFormat = random.pick(Object.keys(DATE_FORMATS));
  traits.push(`dates ${dateFormat}`);
  const date = DATE_FORMATS[dateFormat];
  const [by, bm, bd] = [random.int(1940, 2012), random.int(1, 12), random.int(1, 28)];
  const sex = random.chance(0.5) ? "F" : "M";
  const name = `${random.pick(vocabulary.givenNames)} ${random.pick(vocabulary.familyNames)}`;
  const prescriber = `${random.pick(vocabulary.givenNames)} ${random.pick(vocabulary.familyNames)}, MD`;
  const npi = npiOf(random);
  const memberId = `${random.pick(["W", "M", "A", "H"])}${random.int(10000000, 99999999)}`;
  const dx = request.dx.slice(0, 1);
  const label = (f: FieldName) => random.pick(vocabulary.labels[f]);
  const colon = layout === "label-left" || layout === "two-column" || (layout !== "table" && random.chance(0.4));
  const field = (name: FieldName, value: string): FormField => ({ name, label: label(name), value, colon });
  const drugText = `${request.drug} ${request.strength}`;
  // A diagnosis with its code in one field, or name and code apart.
  const dxFields = random.chance(0.35)
    ? [field("diagnosis", dx.map(([code, text]) => `${text} (${code})`).join("; "))]
    : [field("diagnosis", dx.map(([, text]) => text).join("; ")), field("icd10", dx.map(([code]) => code).join(", "))];
  traits.push(dxFields.length === 1 ? "diagnosis with its code" : "diagnosis and code apart");
  const sections = [
    {
      heading: random.pick(["MEMBER INFORMATION", "Patient Information", "SECTION A - ENROLLEE", "1. Patient"]),
      fields: [field("patientName", name), field("dob", date(by, bm, bd)), field("sex", sexText(random, sex, traits)), field("memberId", memberId)],
    },
    {
      heading: random.pick(["PRESCRIBER INFORMATION", "Provider Information", "SECTION B - PRESCRIBER", "2. Prescriber"]),
      fields: [field("prescriberName", prescriber), field("npi", npi), field("specialty", specialtyWritten), field("phone", `(${random.int(200, 989)}) 555-${random.int(1000, 9999)}`)],
    },
    {
      heading: random.pick(["MEDICATION REQUESTED", "Drug Information", "SECTION C - MEDICATION", "3. Medication"]),
      fields: [field("drug", drugText), field("quantity", String(request.quantity)), field("daysSupply", String(request.daysSupply)), field("directions", request.directions), ...dxFields],
    },
  ];
  if (random.chance(0.3)) {
    // Some forms list the sections' fields in another order.
    sections[0].fields.reverse();
    traits.push("patient fields reversed");
  }
  const history = [random.pick(vocabulary.history), random.pick(vocabulary.history)].filter((d, i, all) => all.indexOf(d) === i);
  const visit = `${pad(random.int(1, 12))}/${pad(random.int(1, 28))}/2026`;
  const sideBar = random.chance(0.2) ? ["This form is also used for:", ...vocabulary.requests.filter((r) => r !== request).slice(0, 4).map((r) => r.drug)] : null;
  if (sideBar) traits.push("side bar of other drugs");
  const pronoun = sex === "F" ? "She" : "He";
  const withLab = random.chance(0.5);
  const withClaims = random.chance(0.5);
  return {
    id: `generated-${seed}`,
    seed,
    layout,
    traits,
    truth: {
      patient_dob: `${by}-${pad(bm)}-${pad(bd)}`,
      patient_sex: sex,
      drug: request.drug,
      quantity: request.quantity,
      days_supply: request.daysSupply,
      dx_icd10: dx.map(([code]) => code),
      prescriber_npi: npi,
      specialty_written: specialtyWritten,
      prescriber_taxonomy: taxonomy,
    },
    title: random.pick(["Prior Authorization Request Form", "PHARMACY PRIOR AUTHORIZATION REQUEST", "Request for Medication Prior Authorization", "Coverage Determination Request"]),
    sections,
    sideBar,
    note: {
      header: `Clinic note - ${name} - visit ${visit}`,
      paragraphs: [
        `${pronoun} was seen today for ${dx[0][1].toLowerCase()}. Previously tried ${history.join(" and ")} with an inadequate response.`,
        `Plan: request ${request.drug} ${request.strength}. ${request.directions}. Follow up in 3 months.`,
      ],
    },
    lab: withLab ? { rows: vocabulary.labs.slice(0, random.int(2, 5)).map(([test, unit]) => [visit, test, String(random.int(5, 190)), unit] as [string, string, string, string]) } : null,
    claims: withClaims ? { rows: history.map((drug) => [visit, drug, String(random.int(10, 90)), String(random.pick([30, 90])), "Paid"] as [string, string, string, string, string]) } : null,
  };
}
