import { describe, expect, it } from "vitest";
import { diagnosisWordsAgree, nameCovers, sameDiagnosisName } from "./diagnosis-name-match";

describe("nameCovers: the case's diagnosis says at least what the criterion names", () => {
  it.each([
    ["rheumatoid arthritis", "Rheumatoid arthritis, seropositive", true],
    ["Crohn's disease", "Crohn disease of small intestine", true],
    ["asthma", "severe asthmatic bronchitis", true],
    ["pseudobulbar affect", "pseudobulbar afect", true], // a typo in the case's documents
    ["type 2 diabetes mellitus", "type 1 diabetes mellitus", false],
    ["type 2 diabetes mellitus", "Type 2 diabetes mellitus without complications", true],
    ["chronic hepatitis C", "chronic hepatitis B", false],
    ["metastatic breast cancer", "breast cancer", false],
    ["breast cancer", "metastatic breast cancer", true],
    ["plaque psoriasis", "psoriatic arthritis", false],
    ["", "asthma", false],
  ])("criterion %j, case %j: %s", (criterion, caseName, covers) => {
    expect(nameCovers(criterion, caseName)).toBe(covers);
  });
});

describe("sameDiagnosisName: two written names for one condition", () => {
  it.each([
    ["Lennox-Gustaut Syndrome", "Lennox Gastaut", true],
    ["metastatic osteosarcoma", "high-grade osteosarcoma", true],
    ["type 1 diabetes", "type 2 diabetes", false],
    ["hepatitis B", "hepatitis C", false],
    ["migraine without aura", "chronic migraine", true],
    ["migraine", "cluster headache", false],
    [null, "asthma", false],
  ])("%j and %j: %s", (a, b, same) => {
    expect(sameDiagnosisName(a, b)).toBe(same);
    expect(sameDiagnosisName(b, a)).toBe(same);
  });
});

describe("diagnosisWordsAgree", () => {
  it.each([
    ["arthritis", "arthritis", true],
    ["psoriasis", "psoriatic", false], // not a stem of each other: "psoriatic arthritis" is another condition,
    ["gastaut", "gustaut", true],
    ["cancer", "canker", true],
    ["gout", "gut", false], // short words agree only when equal
    ["2", "1", false],
    ["t2dm", "t1dm", false],
  ])("%j and %j: %s", (a, b, agree) => {
    expect(diagnosisWordsAgree(a, b)).toBe(agree);
  });
});
