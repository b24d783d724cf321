import { describe, expect, it } from "vitest";
import { extractLabelledFacts } from "./extract-labelled-facts";
import { layoutPage, type FixtureRow } from "./layout-page.fixture";
import { readLabelledFields } from "./read-labelled-fields";

const rows: FixtureRow[] = [
  [["Has the member tried another biologic for this condition?", 36], ["Yes", 445], ["No", 517]],
  [["(if no) Which diagnosis is the drug requested for?", 36], ["Yes", 445], ["No", 517]],
  [["Will therapy be given at home? (explain in the notes):", 36], ["Yes", 445], ["No", 517], ["N/A", 540]],
  [["What is the member's weight? 62kg", 36], ["What is the member's height?", 288], ["170cm", 464]],
];

describe("readLabelledFields: questions with printed choices", () => {
  const page = layoutPage(rows);
  const questions = readLabelledFields(page).questions.map((q) => [q.question, q.answer]);

  it("reads no answer when every printed choice is still there, none marked", () => {
    expect(questions[0]).toEqual(["Has the member tried another biologic for this condition?", ""]);
    expect(questions[2]).toEqual(["Will therapy be given at home?", ""]);
  });

  it("ends an answer where the next question on the line begins", () => {
    expect(questions).toContainEqual(["What is the member's weight?", "62kg"]);
  });

  it("never takes the printed choices for a diagnosis", () => {
    const doc = { id: "d", name: "form.pdf", contentType: "application/pdf", pages: [page] };
    const facts = extractLabelledFacts(doc, [{ page, fields: readLabelledFields(page) }]);
    expect(facts.diagnoses).toEqual([]);
  });
});
