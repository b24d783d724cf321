import { describe, expect, it } from "vitest";
import { contextOfPhrase } from "./context";

// sentence | mention | categories the mention is in ([] = asserted)
const ROWS: [string, string, string[]][] = [
  ["Patient denies chest pain but reports dyspnea.", "chest pain", ["negated"]],
  ["Patient denies chest pain but reports dyspnea.", "dyspnea", []],
  ["No history of status epilepticus.", "status epilepticus", ["negated"]],
  ["Seizures without status epilepticus.", "status epilepticus", ["negated"]],
  ["Admitted for status epilepticus in May.", "status epilepticus", []],
  ["Plan to start lamotrigine next month.", "lamotrigine", ["hypothetical"]],
  ["Will initiate Epidiolex at 5 mg/kg/day.", "Epidiolex", ["hypothetical"]],
  ["Recommend a trial of topiramate.", "topiramate", ["hypothetical"]],
  ["Failed lamotrigine in 2022. Plan to start Epidiolex.", "lamotrigine", []],
  ["History of asthma as a child.", "asthma", ["historical"]],
  ["Mother has rheumatoid arthritis.", "rheumatoid arthritis", ["family"]],
  ["Family history of colon cancer.", "colon cancer", ["family"]],
  ["Possible absence seizures.", "absence seizures", ["uncertain"]],
  ["Concern for osteosarcoma of the left femur.", "osteosarcoma", ["uncertain"]],
  ["Pneumonia was ruled out.", "Pneumonia", ["negated"]],
  ["HLA-B*5801 is negative.", "HLA-B*5801", ["negated"]],
  ["Has not tried methotrexate.", "methotrexate", ["negated"]],
  ["Tried methotrexate 2.5 mg weekly, no response.", "methotrexate", []],
  ["No fever. Rash on both arms.", "Rash", []],
  ["Not a candidate for surgery; continue adalimumab.", "adalimumab", []],
  ["c/f osteosarcoma", "osteosarcoma", ["uncertain"]],
  ["? absence seizures", "absence seizures", ["uncertain"]],
  ["findings suggestive of Crohn disease", "Crohn disease", ["uncertain"]],
  ["likely juvenile myoclonic epilepsy", "juvenile myoclonic epilepsy", ["uncertain"]],
  ["r/o tuberous sclerosis", "tuberous sclerosis", ["uncertain"]],
  ["concerning for the development of Lennox-Gastaut syndrome", "Lennox-Gastaut syndrome", ["uncertain"]],
  ["diagnosed with Lennox-Gastaut syndrome", "Lennox-Gastaut syndrome", []],
];

describe.each(ROWS)("%s", (sentence, mention, categories) => {
  it(`${mention}: ${categories.join(", ") || "asserted"}`, () => {
    expect(contextOfPhrase(sentence, mention)?.sort()).toEqual([...categories].sort());
  });
});

describe("a mention not in the text", () => {
  it("has no context", () => expect(contextOfPhrase("No fever.", "rash")).toBeNull());
});
