// The head of a notice letter, label and value, as both the PDF (render-notice-pdf.ts) and the portal's preview print
// it: whom, what is requested (a drug and its quantity, or a procedure's service code), and under which policy. Pure.
import { serviceWords, type NoticeBody } from "./build-notice";
import { policyWords } from "./policy-words";

/** label | value | the notice field it prints */
export type LetterRow = [label: string, value: string, field: string];

export function noticeSubjectRows(notice: Pick<NoticeBody, "case_id" | "patient" | "drug" | "service" | "policy">): LetterRow[] {
  const { drug, service } = notice;
  const requested: LetterRow[] =
    !drug.name && service
      ? [["Service", serviceWords(service), "service"]]
      : [
          ["Drug", [drug.name, drug.strength].filter(Boolean).join(" ") || "not stated", "drug"],
          ["Quantity", drug.quantity !== null ? `${drug.quantity}${drug.quantityUnit ? ` ${drug.quantityUnit}` : ""}${drug.daysSupply !== null ? `, ${drug.daysSupply} days supply` : ""}` : "not stated", "drug.quantity"],
        ];
  return [
    ["Case", notice.case_id, "case_id"],
    ["Patient", notice.patient.name ?? "not stated", "patient.name"],
    ["Date of birth", notice.patient.birthDate ?? "not stated", "patient.birthDate"],
    ["Member ID", notice.patient.memberId ?? "not stated", "patient.memberId"],
    ...requested,
    ["Policy", notice.policy ? policyWords(notice.policy) : "none applied", "policy"],
  ];
}
