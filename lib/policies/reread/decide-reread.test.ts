import { describe, expect, it } from "vitest";
import type { CriterionNode, ParsedPolicy } from "../types";
import { decideReread, decideRereadOverUnreadable, describeChanges, isReaderNote, type VersionSnapshot } from "./decide-reread";

const UNREAD: CriterionNode = { kind: "criterion", id: "1.1", text: "Requirements/limits column could not be read (text recognition stopped at the limit of 2 cells per document (PA_OCR_MAX_CELLS)): a person must read it on the page image", quote: { page: 1, text: "zolpidem tartrate tab 10 mg" }, check: { kind: "manual" }, rule: "formulary.unreadable-requirements" };
const QL: CriterionNode = { kind: "criterion", id: "1.1", text: "QL (15 tabs per 30 days)", quote: { page: 1, text: "QL (15 tabs per 30 days)", recognised: true, confidence: 91 }, check: { kind: "quantity_limit", value: 15, unit: "tabs", perDays: 30 } };
const QL_EDITED: CriterionNode = { ...QL, check: { kind: "quantity_limit", value: 20, unit: "tabs", perDays: 30 } };
const AGE: CriterionNode = { kind: "criterion", id: "1.2", text: "18 years of age or older", quote: { page: 1, text: "18 years of age or older" }, check: { kind: "age", min: 18 } };

function parsed(children: CriterionNode[], readerVersion?: string): ParsedPolicy {
  return {
    title: "Drug list: zolpidem", payer: null, effectiveDate: null, drugNames: ["zolpidem"], suggestedCodes: { ndc: [], cpt: [], hcpcs: [] },
    sections: [{ id: "1", title: "zolpidem", kind: "general", diagnosisHints: { names: [], icd10Prefixes: [] }, approvalDuration: null, criteria: { kind: "group", id: "1.0", logic: "all", text: null, quote: null, children } }],
    ...(readerVersion ? { readerVersion } : {}),
  } as ParsedPolicy;
}
const snap = (children: CriterionNode[], readerVersion?: string, drugNames = ["zolpidem"], ndcCodes: string[] = []): VersionSnapshot => ({ parsed: parsed(children, readerVersion), drugNames, ndcCodes, cptCodes: [] });

const NOW = "policy-new";
const OLD = "policy-old";

describe.each([
  {
    name: "cells left by the cap are read now: a new version saying the limits column was recognised",
    latest: snap([UNREAD], NOW), lastReader: snap([UNREAD], NOW), reading: snap([QL], NOW), hasDraft: false,
    action: "version", note: "Re-read by reader policy-new: requirements/limits column recognised; criteria: 1 changed",
  },
  {
    name: "nothing changed and the same reader: nothing to store",
    latest: snap([QL], NOW), lastReader: snap([QL], NOW), reading: snap([QL], NOW), hasDraft: false, action: "none", note: null,
  },
  {
    name: "read by an older reader, same criteria: a version stamped by the current reader",
    latest: snap([QL], OLD), lastReader: snap([QL], OLD), reading: snap([QL], NOW), hasDraft: false,
    action: "version", note: "Re-read by reader policy-new: no change in criteria, drugs or codes",
  },
  {
    name: "never stamped (stored before reader versions): re-read",
    latest: snap([QL]), lastReader: snap([QL]), reading: snap([QL, AGE], NOW), hasDraft: false,
    action: "version", note: "Re-read by reader policy-new: criteria: 1 added",
  },
  {
    name: "a person published edited criteria: the reading becomes the draft",
    latest: snap([QL_EDITED], NOW), lastReader: snap([UNREAD], NOW), reading: snap([QL], NOW), hasDraft: false,
    action: "draft", note: "Re-read by reader policy-new: criteria: 1 changed",
  },
  {
    name: "a person's edits and a pending draft: left, reported",
    latest: snap([QL_EDITED], NOW), lastReader: snap([UNREAD], NOW), reading: snap([QL], NOW), hasDraft: true,
    action: "draft_exists", note: "Re-read by reader policy-new: criteria: 1 changed",
  },
  {
    name: "a person's edits the reader now agrees with: a version (nothing of theirs changes)",
    latest: snap([QL], OLD), lastReader: snap([UNREAD], OLD), reading: snap([QL], NOW), hasDraft: false,
    action: "version", note: "Re-read by reader policy-new: no change in criteria, drugs or codes",
  },
  {
    name: "the reader binds other drug names: a version with the new binding",
    latest: snap([QL], NOW), lastReader: snap([QL], NOW), reading: snap([QL], NOW, ["zolpidem", "Ambien"]), hasDraft: false,
    action: "version", bindings: "read", note: "Re-read by reader policy-new: drug names or codes changed",
  },
  {
    name: "a person edited the drug names: their binding is kept, not reported as a change",
    latest: snap([UNREAD], NOW, ["zolpidem", "Ambien CR"]), lastReader: snap([UNREAD], NOW), reading: snap([QL], NOW), hasDraft: false,
    action: "version", bindings: "kept", note: "Re-read by reader policy-new: requirements/limits column recognised; criteria: 1 changed",
  },
  {
    name: "no reader version known: treated as a person's criteria (draft)",
    latest: snap([UNREAD], NOW), lastReader: null, reading: snap([QL], NOW), hasDraft: false,
    action: "draft", note: "Re-read by reader policy-new: requirements/limits column recognised; criteria: 1 changed",
  },
])("decideReread: $name", (row) => {
  it("decides and says what changed", () => {
    const decision = decideReread({ latest: row.latest, lastReaderVersion: row.lastReader, reading: row.reading, hasDraft: row.hasDraft, currentReader: NOW });
    expect(decision.action).toBe(row.action);
    expect("changeNote" in decision ? decision.changeNote : null).toBe(row.note);
    if ("bindings" in row) expect(decision).toMatchObject({ bindings: row.bindings });
  });
});

describe.each([
  { note: "Uploaded", reader: true },
  { note: "Re-read by reader policy-abc: criteria: 1 changed", reader: true },
  { note: "Tightened the age bound", reader: false },
  { note: "Edited", reader: false },
  { note: null, reader: false },
])("isReaderNote($note)", ({ note, reader }) => {
  it(`is ${reader}`, () => expect(isReaderNote(note)).toBe(reader));
});

describe("describeChanges", () => {
  it("counts part of the unread cells recognised", () => {
    const two = (a: CriterionNode, b: CriterionNode) => snap([a, { ...b, id: "1.2" }], NOW);
    expect(describeChanges(two(UNREAD, UNREAD), two(QL, UNREAD))).toEqual(["1 of 2 unread requirement cells recognised", "criteria: 1 changed"]);
    expect(describeChanges(snap([QL], NOW), snap([UNREAD], NOW))).toEqual(["1 requirement cells now unread", "criteria: 1 changed"]);
  });
});

describe("decideRereadOverUnreadable: the stored criteria were written by an older engine", () => {
  it("the new reading becomes the draft for an admin to publish, or is reported while a draft is pending", () => {
    const note = "Re-read by reader policy-new: the stored criteria were written by an older engine and cannot be read; review the new reading and publish it";
    expect(decideRereadOverUnreadable({ hasDraft: false, currentReader: NOW })).toEqual({ action: "draft", changeNote: note });
    expect(decideRereadOverUnreadable({ hasDraft: true, currentReader: NOW })).toEqual({ action: "draft_exists", changeNote: note });
  });
});
