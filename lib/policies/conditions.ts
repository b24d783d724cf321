// Condition names as policies write them -> ICD-10-CM code prefixes, so an indication ("Lennox-Gastaut Syndrome",
// "Bone Cancer - Osteosarcoma") meets a case's coded diagnosis (G40.811, C40.0). A short hand-kept list of the
// conditions prior authorizations are asked for, then the ICD-10-CM titles (lib/lexicon/codes) for the rest.
import { icd10ForName } from "@/lib/lexicon/codes/icd10-names";
import { icd10Title } from "@/lib/lexicon/codes/icd10";

const CONDITIONS: [RegExp, string[]][] = [
  [/lennox[- ]?gast?aut|\blgs\b/, ["G40.81"]],
  [/dravet|severe myoclonic epilepsy of infancy/, ["G40.83", "G40.84"]],
  [/infantile spasms?|west syndrome/, ["G40.82"]],
  [/tuberous sclerosis|\btsc\b/, ["Q85.1"]],
  [/cdkl5/, ["G40.42"]],
  [/epilep|seizure/, ["G40"]],
  [/osteosarcoma|bone cancer|bone sarcoma|ewing/, ["C40", "C41"]],
  [/breast cancer|breast carcinoma|carcinoma of (the )?breast/, ["C50"]],
  [/renal cell|kidney cancer|renal cancer|renal carcinoma/, ["C64", "C65"]],
  [/neuroendocrine|carcinoid|\bpnet\b|islet cell/, ["C7A", "C7B", "D3A", "C25.4"]],
  [/subependymal giant cell astrocytoma|\bsega\b/, ["D43", "D33", "C71"]],
  [/waldenstr|lymphoplasmacytic/, ["C88.0", "C83.0"]],
  [/hodgkin/, ["C81"]],
  [/non-hodgkin|diffuse large b|follicular lymphoma/, ["C82", "C83", "C85"]],
  [/soft tissue sarcoma|pecoma|perivascular epithelioid/, ["C49", "C48"]],
  [/angiomyolipoma/, ["D17", "D30.0"]],
  [/lymphangioleiomyomatosis/, ["J84.81"]],
  [/thymoma|thymic carcinoma/, ["C37", "D15.0"]],
  [/thyroid (carcinoma|cancer)|papillary carcinoma|follicular carcinoma|oncocytic carcinoma|hurthle/, ["C73"]],
  [/meningioma/, ["D32", "D42", "C70"]],
  [/endometrial/, ["C54.1", "C54"]],
  [/gastrointestinal stromal|\bgist\b/, ["C49.A", "C49", "C16", "C17", "C18"]],
  [/rosai-dorfman|langerhans cell histiocytosis|erdheim-chester|histiocytic neoplasm/, ["D76", "C96"]],
  [/rheumatoid arthritis/, ["M05", "M06"]],
  [/juvenile (idiopathic|rheumatoid) arthritis|\bjia\b/, ["M08"]],
  [/psoriatic arthritis/, ["L40.5"]],
  [/plaque psoriasis|psoriasis/, ["L40"]],
  [/crohn/, ["K50"]],
  [/ulcerative colitis/, ["K51"]],
  [/ankylosing spondylitis|axial spondyloarthritis/, ["M45", "M46.8"]],
  [/hidradenitis/, ["L73.2"]],
  [/uveitis/, ["H20", "H30", "H44.1"]],
  [/atopic dermatitis|eczema/, ["L20"]],
  [/asthma/, ["J45"]],
  [/nasal polyp|rhinosinusitis with (?:nasal )?polyp|crswnp/, ["J33", "J32"]],
  [/eosinophilic esophagitis|\beoe\b/, ["K20.0"]],
  [/prurigo nodularis/, ["L28.1"]],
  [/chronic obstructive|copd/, ["J44"]],
  [/type 2 diabetes|type ii diabetes|t2dm/, ["E11"]],
  [/type 1 diabetes|t1dm/, ["E10"]],
  [/obesity|overweight|weight management/, ["E66", "Z68"]],
  [/multiple sclerosis/, ["G35"]],
  [/migraine/, ["G43"]],
  // Familial hypercholesterolemia has its own codes since FY2024: a homozygous criterion is not met by a heterozygous case.
  [/homozygous familial hypercholesterolemia|\bhofh\b/, ["E78.010"]],
  [/heterozygous familial hypercholesterolemia|\bhefh\b/, ["E78.011"]],
  [/(?<!(?:homo|hetero)zygous )familial hypercholesterolemia/, ["E78.01"]],
  [/(?<!familial )hypercholesterolemia|hyperlipidemia/, ["E78"]],
  // Clinical ASCVD as lipid policies define it: coronary heart disease, MI, revascularization, ischemic stroke or TIA, atherosclerotic PAD.
  [/atherosclerotic cardiovascular disease|\bascvd\b/, ["I20", "I21", "I22", "I23", "I24", "I25", "I63", "G45", "I70", "Z95.1", "Z95.5", "Z86.73", "Z98.61"]],
  [/\bgerd\b|gastro-?\s?o?esophageal reflux/, ["K21"]],
  [/erosive esophagitis|reflux esophagitis/, ["K21.0"]],
  [/helicobacter pylori|\bh\.? pylori\b/, ["B96.81"]],
  [/zollinger|hypersecretory condition/, ["E16.4"]],
  [/multiple myeloma/, ["C90.0"]],
  [/acute lymphoblastic leuk|acute lymphocytic leuk|\bb-all\b|b-cell precursor|precursor b-cell/, ["C91.0"]],
  [/chronic lymphocytic leukemia|\bcll\b/, ["C91.1"]],
  [/chronic myeloid leukemia|\bcml\b/, ["C92.1"]],
  [/acute myeloid leukemia|\baml\b/, ["C92.0"]],
  [/non-small cell lung|nsclc|lung cancer/, ["C34"]],
  [/melanoma/, ["C43"]],
  [/colorectal|colon cancer|rectal cancer/, ["C18", "C19", "C20"]],
  [/prostate cancer/, ["C61"]],
  [/hepatocellular|liver cancer/, ["C22"]],
  [/ovarian cancer/, ["C56"]],
  [/pancreatic (cancer|adenocarcinoma)/, ["C25"]],
  [/hepatitis c/, ["B18.2"]],
  [/\bhiv\b/, ["B20", "Z21"]],
  [/osteoporosis/, ["M80", "M81"]],
  [/growth hormone deficiency/, ["E23.0"]],
];

/** ICD-10-CM prefixes (dotted) a condition name denotes; empty when unknown. */
export function icd10PrefixesFor(name: string): string[] {
  const lower = name.toLowerCase().replace(/[’']/g, "");
  const found: string[] = [];
  for (const [pattern, codes] of CONDITIONS) if (pattern.test(lower)) found.push(...codes);
  if (!found.length) {
    const match = icd10ForName(name.replace(/\([^)]*\)/g, " ").trim());
    if (match) found.push(match.code);
  }
  return [...new Set(found)];
}

/** Medical suffixes of disease names ("esophagitis", "polyposis", "anemia", "lymphoma", "neuropathy"). */
const DISEASE_SUFFIX = /\b(?!(?:diagnosis|prognosis)\b)[a-z]{3,}(?:itis|osis|emia|aemia|omas?|pathy|plasia)\b/i;

/** True when the text names a condition (a disease word, or a name the list or ICD-10 knows). */
export function looksLikeCondition(text: string): boolean {
  if (DISEASE_SUFFIX.test(text)) return true;
  if (/\b(syndromes?|disease|disorders?|cancer|carcinoma|sarcoma|tumou?rs?|neoplasms?|lymphoma|leukemia|myeloma|melanoma|astrocytoma|meningioma|thymoma|arthritis|colitis|psoriasis|dermatitis|sclerosis|epilepsy|seizures?|spasms|deficiency|infection|hepatitis|asthma|diabetes|obesity|migraine|uveitis|spondylitis|macroglobulinemia|histiocytosis|lymphangioleiomyomatosis|angiomyolipoma|osteoporosis|hypertension|failure)\b/i.test(text)) return true;
  return icd10PrefixesFor(text).length > 0;
}

/** The ICD-10-CM title of a case's code, for matching it by words when no prefix is known. */
export const titleOfCode = (code: string) => icd10Title(code)?.title ?? null;

/** "C40.0" starts with "C40"; dots ignored. */
export function codeHasPrefix(code: string, prefix: string): boolean {
  return code.replace(".", "").toUpperCase().startsWith(prefix.replace(".", "").toUpperCase());
}
