// The formulary vocabulary as tables: each row a way payers write a code, a limit, an age, a step requirement or a
// heading, and what the reader must make of it.
import { describe, expect, it } from "vitest";
import { readAge, readQuantity, readStep } from "./read-limits";
import { parseRequirementCell } from "./requirement-cell";
import { codeKind, columnOfHeading, kindFromMeaning, listOfHeading } from "./vocabulary";

describe.each([
  // text | value | unit | perDays | rule
  ["QL - 9 for 30 days supply", 9, "units", 30, "ql.n-for-n-days-supply"],
  ["360 for 30 days supply", 360, "units", 30, "ql.n-for-n-days-supply"],
  ["12 tablets for a 30-day supply", 12, "tablets", 30, "ql.n-for-n-days-supply"],
  ["18 tabs every 28 days", 18, "tabs", 28, "ql.n-units-per-n-days"],
  ["Limited to 9 tabs per 30 Days", 9, "tabs", 30, "ql.n-units-per-n-days"],
  ["Limited to 28 tabs per 14 Days", 28, "tabs", 14, "ql.n-units-per-n-days"],
  ["2 pens per 28 days", 2, "pens", 28, "ql.n-units-per-n-days"],
  ["Limited to 8 transdermal patches per 30 days", 8, "patches", 30, "ql.n-form-units-per-n-days"],
  ["4 prefilled syringes every 28 days", 4, "syringes", 28, "ql.n-form-units-per-n-days"],
  ["Limited to a Daily Dose of 1", 1, "units", 1, "ql.daily-dose-of-n"],
  ["daily quantity of 2 capsules", 2, "capsules", 1, "ql.daily-dose-of-n"],
  ["Limited to 2 Inhalers per Month", 2, "inhalers", 30, "ql.n-units-per-month"],
  ["Limited to 1Inhaler per Month", 1, "inhaler", 30, "ql.n-units-per-month"],
  ["Limited to 4 (2000 mg) tabs per day", 4, "tabs", 1, "ql.n-units-per-day"],
  ["Limited to 1 Diaphragm per Year", 1, "diaphragm", 365, "ql.n-units-per-year"],
])("quantity %j", (text, value, unit, perDays, rule) => {
  it("reads value, unit and period", () => {
    expect(readQuantity(text)).toEqual({ check: { kind: "quantity_limit", value, unit, perDays }, rule });
  });
});

describe.each([["Limited to 90 days supply every 365 Days"], ["Limited to 30 days supply per 90 days"]])("a days supply per period %j", (text) => {
  it("is no count of units (a person reads it)", () => expect(readQuantity(text)).toBeNull());
});

describe.each([
  // text | the part no rule read (null: the whole limit was read)
  ["Limited to a Daily Dose of 4 (40 mg) tabs and maximum of 5 days supply", "Limited to a (40 mg) tabs and maximum of 5 days supply"],
  ["Limited to a Max Qty of 270 per Month and Limited to 3 Months per Year", "Limited to a Max Qty of and Limited to 3 Months per Year"],
  ["Limited to 30 tabs per 30 Days, except for highest strength which has no edits", null],
  ["QL - 9 for 30 days supply", null],
])("second limit in %j", (text, unread) => {
  it("is left to a person, never dropped", () => {
    expect(readQuantity(text)?.unread ?? null).toBe(unread);
  });
});

describe.each([
  ["Covered for Patients Up to Age 18", { kind: "age", max: 18 }, "al.up-to-age-n"],
  ["Covered for Patients Under 29 Years", { kind: "age", max: 29, maxExclusive: true }, "al.under-n-years"],
  ["Maximum Age is 2 Years, Then Use OTC Loratadine", { kind: "age", max: 2 }, "al.maximum-age-n"],
  ["for members 18 years of age and older", { kind: "age", min: 18 }, "al.n-and-older"],
  ["covered through age 20", { kind: "age", max: 20 }, "al.through-age-n"],
  ["Prior Authorization Required for Over 65 Years", { kind: "manual" }, "al.requires-pa-by-age"],
  ["High Risk Medications require PA for members age 70 and older", { kind: "manual" }, "al.requires-pa-by-age"],
])("age %j", (text, check, rule) => {
  it("reads the bound, or leaves a PA-by-age rule to a person", () => {
    expect(readAge(text)).toEqual({ check, rule });
  });
});

describe.each([
  // text | first line column | expected check fields | rule
  ["Prior use of Metformin within the last 90 days.", ["Metformin"], { drugs: ["Metformin"], withinDays: 90 }, "st.step-within-last-n-days"],
  ["Prior use of first line agent within the last 30 days.", ["Albuterol"], { drugs: ["Albuterol"], withinDays: 30 }, "st.step-within-last-n-days"],
  ["Prior use of Oxybutynin within past 90 days.", ["Oxybutynin"], { drugs: ["Oxybutynin"], withinDays: 90 }, "st.step-within-last-n-days"],
  ["Claims for formulary Brand Statins will process if there is a paid claim for a 30-day supply of a formulary generic statin such as Simvastatin within the past 90 days.", [], { drugClasses: ["statin"], examples: ["Simvastatin"], withinDays: 90, minSupplyDays: 30 }, "st.step-within-last-n-days"],
  ["Claims will process if there is a claim for a 30 day supply of a Tier 1 triptan in the last 60 days.", [], { drugClasses: ["triptan"], withinDays: 60, minSupplyDays: 30 }, "st.step-in-last-n-days"],
  ["Requires a paid claim for metformin within 120 days", [], { drugs: ["metformin"], withinDays: 120 }, "st.step-within-n-days"],
  ["The member must have a paid claim for a preferred proton pump inhibitor in the 180 days before the request.", [], { drugClasses: ["ppi"], withinDays: 180 }, "st.step-in-the-n-days-before"],
  ["Requires a paid claim for metformin during the 120 days preceding the fill", [], { drugs: ["metformin"], withinDays: 120 }, "st.step-in-the-n-days-before"],
  // classes as Part D and Medicaid lists name them (lib/lexicon/data/drug-classes.json)
  ["Claims for an ARB combination product will process after a Tier 1 ACE inhibitor or Tier 1 ARB within the past 120 days.", [], { drugs: [], drugClasses: ["ace_inhibitor", "arb"], withinDays: 120 }, "st.step-within-last-n-days"],
  ["Prior use of generic ACE Inhibitor within the last 90 days.", ["generic ACE Inhibitor"], { drugs: [], drugClasses: ["ace_inhibitor"], withinDays: 90 }, "st.step-within-last-n-days"],
  ["Brand bladder agents process if there is a paid claim for a generic urinary antispasmodic within the past 90 days.", [], { drugClasses: ["urinary_antispasmodic"], withinDays: 90 }, "st.step-within-last-n-days"],
  ["Requires a 30 day supply of a generic BPH agent within the past 180 days.", [], { drugClasses: ["bph_agent"], withinDays: 180, minSupplyDays: 30 }, "st.step-within-last-n-days"],
  ["Covered after a claim for a 30 day supply of a formulary generic proton pump inhibitor within the past 90 days.", [], { drugClasses: ["ppi"], withinDays: 90, minSupplyDays: 30 }, "st.step-within-last-n-days"],
  ["Paid when there is a claim for a 14 day supply of a preferred azole antifungal within the last 60 days.", [], { drugClasses: ["azole_antifungal"], withinDays: 60, minSupplyDays: 14 }, "st.step-within-last-n-days"],
  ["Prior use of an Antiasthmatic within the last 90 days.", [], { drugClasses: ["antiasthmatic"], withinDays: 90 }, "st.step-within-last-n-days"],
  ["Requires a paid claim for metformin or a sulfonylurea within the past 90 days.", [], { drugs: ["metformin"], drugClasses: ["metformin", "sulfonylurea"], withinDays: 90 }, "st.step-within-last-n-days"],
  ["Requires a paid claim for Serevent or Qvar in the past 90 days.", [], { drugs: ["Serevent", "Qvar"], drugClasses: [], withinDays: 90 }, "st.step-in-last-n-days"],
  // a window written with a slip of the pen is still a window, never dropped
  ["A claim for a 30-day supply of a generic oral antihistamine wihtin the past 180 days.", [], { drugClasses: ["antihistamine"], withinDays: 180, minSupplyDays: 30 }, "st.step-in-last-n-days"],
  ["Requires a paid claim for a statin during the past 90 days.", [], { drugClasses: ["statin"], withinDays: 90 }, "st.step-the-past-n-days"],
])("step %j", (text, firstLine, fields, rule) => {
  it("reads drugs or class, window and supply", () => {
    const read = readStep(text, firstLine);
    expect(read?.rule).toBe(rule);
    expect(read?.check).toMatchObject({ kind: "step_therapy", count: 1, outcomes: ["tried"], ...fields });
  });
});

describe.each([
  // text | distinct drugs required | rule
  ["Claims will process if there is a claim for at least a 30 day supply of two separate Tier 1 NSAID products within the past 180 days.", 2, "st.step-within-last-n-days+n-separate-drugs"],
  ["Requires trials of 3 different SSRIs within the past 365 days.", 3, "st.step-within-last-n-days+n-separate-drugs"],
])("step counting distinct drugs %j", (text, count, rule) => {
  it("requires that many distinct drugs of the class, never one", () => {
    const read = readStep(text);
    expect(read?.rule).toBe(rule);
    expect(read?.check).toMatchObject({ kind: "step_therapy", count });
  });
});

describe.each([
  ["Step therapy applies; see the plan's website."],
  ["Claims will process if there are 3 consecutive fills for a 30-day supply of metformin in the past 90 days."],
  ["Requires two claims for a statin within the past 180 days."],
  ["Requires a paid claim for a generic NSAID within the past 6 months."],
  ["Prior use of a proton pump inhibitor in the last 12 weeks."],
  ["Claims for Nexium IV will process if there is a paid claim for Protonix IV within the past 30 days."],
])("step wording the check cannot hold: %j", (text) => {
  it("is not read (a manual criterion), never as 'any prior therapy' or one fill", () => {
    expect(readStep(text)).toBeNull();
  });
});

describe.each([
  // cell | items
  ["QL, ST", [{ code: "QL", detail: null }, { code: "ST", detail: null }]],
  ["PA, SP", [{ code: "PA", detail: null }, { code: "SP", detail: null }]],
  ["QL - 9 for 30 days supply", [{ code: "QL", detail: "9 for 30 days supply" }]],
  ["QL (18 tabs every 28 days)", [{ code: "QL", detail: "18 tabs every 28 days" }]],
  ["ST, QL (16 tabs every 30 days); PA**", [{ code: "ST", detail: null }, { code: "QL", detail: "16 tabs every 30 days" }, { code: "PA**", detail: null }]],
  ["PA; High Risk Medications require PA for members age 70 and older", [{ code: "PA", detail: "High Risk Medications require PA for members age 70 and older" }]],
  ["PA - B vs. D", [{ code: "PA", detail: "B vs. D" }]],
  ["• ST - Claims for X, Y or Z will process", [{ code: "ST", detail: "Claims for X, Y or Z will process" }]],
  ["PA*", [{ code: "PA*", detail: null }]],
])("requirements cell %j", (cell, items) => {
  it("gives its codes and what each says", () => {
    expect(parseRequirementCell(cell)?.items).toEqual(items);
  });
});

describe.each([["sitagliptin"], ["STRATTERA capsule"], ["Tier 2"], ["PAXIL"], ["ALbuterol"]])("not a requirements cell: %j", (cell) => {
  it("is null", () => {
    expect(parseRequirementCell(cell)).toBeNull();
  });
});

describe.each([
  ["PA", "prior_authorization"],
  ["PA**", "prior_authorization"],
  ["QL", "quantity_limit"],
  ["ST", "step_therapy"],
  ["AL", "age_limit"],
  ["SP", "informational"],
  ["XX", null],
])("code %s", (code, kind) => {
  it("has its kind", () => expect(codeKind(code)).toBe(kind));
});

describe.each([
  ["Quantity Limits apply", "quantity_limit"],
  ["Step Therapy is required", "step_therapy"],
  ["Prior Authorization Required", "prior_authorization"],
  ["Age Limitation", "age_limit"],
  ["Specialty Program", null],
])("legend meaning %j", (meaning, kind) => {
  it("names a requirement kind", () => expect(kindFromMeaning(meaning)).toBe(kind));
});

describe.each([
  ["Quantity Limitation List", { code: "QL", list: "quantity" }],
  ["Age Limitation List", { code: "AL", list: "age" }],
  ["Step Therapy Criteria", { code: "ST", list: "step" }],
  ["STEP THERAPY PROTOCOLS", null],
])("list heading %j", (text, list) => {
  it("names its list", () => expect(listOfHeading(text)).toEqual(list));
});

describe.each([
  ["Drug Name", "name"],
  ["Generic Name", "name"],
  ["Brand Name", "brand"],
  ["Drug Tier", "tier"],
  ["Preferred Status", "tier"],
  ["Requirements/Limits", "requirements"],
  ["Limitation Description", "requirements"],
  ["Clinical Criteria", "requirements"],
  ["First Line", "first_line"],
  ["Second Line", "second_line"],
  ["Therapy Class", "therapy_class"],
  ["Step Therapy Criteria", "step_criteria"],
  ["Drug Name\u0003", "name"],
  ["Requirements for coverage are below", null],
])("column heading %j", (text, kind) => {
  it("names its column", () => expect(columnOfHeading(text)).toBe(kind));
});
