import { describe, expect, it } from "vitest";
import { findPriorTreatments } from "./find-prior-treatments";

const drugs = (text: string) => findPriorTreatments(text).map((t) => `${t.drug}:${t.outcome}`);

describe("findPriorTreatments: questions and examples", () => {
  it("reads no trial from a form's question that names drugs as examples, even wrapped over lines", () => {
    const text = [
      "(if CD20+) Has the member failed therapy with an anti-CD20 antibody (for example: rituximab [Rituxan], obinutuzumab [Gazyva],",
      "ofatumumab [Arzerra])? | Yes | No",
      "Has the member already started treatment with Kymriah? | Yes | No",
    ].join("\n");
    expect(drugs(text)).toEqual([]);
  });

  it("still reads a statement that a question follows on the next line", () => {
    expect(drugs("Failed methotrexate\nIs the member able to take another alternative? | Yes | No")).toEqual(["methotrexate:failed"]);
  });

  it("takes no connecting word after a drug for another drug", () => {
    expect(drugs("Progressed on treatment with ibrutinib, including dose escalation.")).toEqual(["ibrutinib:inadequate_response"]);
  });
});
