// Multi-drug policy documents written here in our own words, in the layouts payers use (no payer's text): a Medicare
// Part D prior authorization criteria book in the CMS template, one drug per page.
import { makePdf } from "./fixtures";

export interface PartDDrug {
  name: string;
  products: string[];
  coveredUses: string;
  exclusion: string;
  requiredInfo: string[];
  age: string;
  prescriber: string;
  duration: string;
  other: string;
}

export const partDPage = (plan: string, d: PartDDrug) =>
  [
    `${plan} 2026 Prior Authorization Criteria`,
    d.name,
    "Products Affected",
    ...d.products.map((p) => `- ${p}`),
    "PA Criteria     Criteria Details",
    `Covered Uses     ${d.coveredUses}`,
    `Exclusion Criteria     ${d.exclusion}`,
    `Required Medical Information     ${d.requiredInfo[0]}`,
    ...d.requiredInfo.slice(1),
    `Age Restrictions     ${d.age}`,
    `Prescriber Restrictions     ${d.prescriber}`,
    `Coverage Duration     ${d.duration}`,
    `Other Criteria     ${d.other}`,
  ].join("\n");

export const EPIDIOLEX: PartDDrug = {
  name: "EPIDIOLEX",
  products: ["EPIDIOLEX 100 MG/ML ORAL SOLUTION"],
  coveredUses: "All FDA-approved indications not otherwise excluded from Part D.",
  exclusion: "None.",
  requiredInfo: ["Diagnosis of Lennox-Gastaut syndrome or Dravet syndrome.", "The patient has tried and failed clobazam for at least 30 days."],
  age: "1 year of age or older.",
  prescriber: "Prescribed by or in consultation with a neurologist.",
  duration: "12 months.",
  other: "None.",
};

export const FINTEPLA: PartDDrug = {
  name: "FINTEPLA",
  products: ["FINTEPLA 2.2 MG/ML ORAL SOLUTION"],
  coveredUses: "All FDA-approved indications not otherwise excluded from Part D.",
  exclusion: "Moderate or severe hepatic impairment.",
  requiredInfo: ["Diagnosis of Dravet syndrome.", "An echocardiogram was done before starting therapy."],
  age: "2 years of age or older.",
  prescriber: "Prescribed by or in consultation with an epileptologist.",
  duration: "6 months.",
  other: "None.",
};

export const HUMIRA: PartDDrug = {
  name: "HUMIRA",
  products: ["HUMIRA PEN 40 MG/0.4 ML", "HUMIRA 40 MG/0.8 ML SYRINGE"],
  coveredUses: "All FDA-approved indications not otherwise excluded from Part D.",
  exclusion: "Use together with another biologic.",
  requiredInfo: ["Diagnosis of moderately to severely active rheumatoid arthritis.", "Trial of methotrexate for at least 3 months."],
  age: "18 years of age or older.",
  prescriber: "Prescribed by or in consultation with a rheumatologist.",
  duration: "12 months.",
  other: "None.",
};

export const ENBREL: PartDDrug = {
  name: "ENBREL",
  products: ["ENBREL 50 MG/ML SURECLICK"],
  coveredUses: "All FDA-approved indications not otherwise excluded from Part D.",
  exclusion: "Active serious infection.",
  requiredInfo: ["Diagnosis of plaque psoriasis involving at least 10 percent of body surface area."],
  age: "4 years of age or older.",
  prescriber: "Prescribed by or in consultation with a dermatologist.",
  duration: "12 months.",
  other: "None.",
};

export const partDBook = (plan: string, drugs: PartDDrug[]) => makePdf(drugs.map((d) => partDPage(plan, d)));
