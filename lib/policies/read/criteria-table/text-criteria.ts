// The criteria of one table cell or one criteria-book field: its lines (each with the page it stands on and where it
// starts) -> list items (bullets, numbers, "AND"/"OR" lines) and sentences -> the policy outline the single-drug
// reader builds from, so the same classifier, ALL / ANY logic and verbatim quoting read them. Shared by the
// criteria-table and Part D readers.
import type { ChildKind } from "@/lib/policies/classify-criterion";
import { toCriteria, type BuildContext } from "@/lib/policies/build-sections";
import { connectorLine, readMarkers, styleOf, type Marker } from "@/lib/policies/list-markers";
import type { OutlineNode } from "@/lib/policies/policy-outline";
import type { PolicyLine } from "@/lib/policies/policy-lines";
import type { CriteriaNode } from "@/lib/policies/types";
import { forEachOutsideBrackets, sentenceStops } from "@/lib/lexicon/sentences";

/** One physical line of a cell or field: its text (readable, column separators gone), page, and left edge (pt). */
export interface TextSegment {
  page: number;
  text: string;
  x0?: number;
  /** Right edge (pt), when known. */
  x1?: number;
  /** Right edge of the column the line stands in (its widest lines over the document): a line reaching it was wrapped. */
  edge?: number;
}

interface Unit {
  marker: Marker | null;
  x0: number;
  parts: { page: number; text: string }[];
  connectorAfter?: "and" | "or";
}

const textOf = (unit: Unit) => unit.parts.map((p) => p.text).join(" ");

/**
 * Lines into list items and paragraphs: a marker opens an item; an indented line continues it, and so does a line
 * wrapped flush under it that opens in lower case ("disease; and": a sentence going on, never an item of its own) or
 * with a parenthesis that is no list marker ("... (HoFH)" / "(Repatha only). AND (B) ...": a note never opens an item).
 */
function unitsOf(segments: readonly TextSegment[]): Unit[] {
  const units: Unit[] = [];
  // A line that ran to its column's right edge without ending its sentence was wrapped: the next line goes on with it.
  const wrapped = (seg: TextSegment | undefined) =>
    !!seg && seg.x1 !== undefined && seg.x0 !== undefined && seg.edge !== undefined && seg.edge - seg.x1 <= 0.08 * (seg.edge - seg.x0) && !/[.;:!?]$/.test(seg.text.trim());
  let previous: TextSegment | undefined;
  for (const seg of segments) {
    const after = previous;
    previous = seg;
    const text = seg.text.replace(/\s+/g, " ").trim();
    if (!text) continue;
    const connector = connectorLine(text);
    const last = units[units.length - 1];
    if (connector) {
      if (last) last.connectorAfter = connector;
      continue;
    }
    const markers = readMarkers(text);
    const x0 = seg.x0 ?? 0;
    if (markers.length) {
      units.push({ marker: markers[0], x0, parts: [{ page: seg.page, text }] });
    } else if (last && !last.connectorAfter && (last.marker === null || seg.x0 === undefined || x0 > last.x0 + 1 || /^[a-z(]/.test(text) || wrapped(after))) {
      last.parts.push({ page: seg.page, text });
    } else {
      units.push({ marker: null, x0, parts: [{ page: seg.page, text }] });
    }
  }
  return units;
}

/**
 * A sentence saying only what becomes of a request the sentence before does not allow ("A request that would take the
 * patient past 24 months of total treatment is not approved.", "Requests above this limit will be denied."): it asks
 * nothing new, so it stays with that sentence, one criterion, never a second check of the same limit.
 */
export const CONSEQUENCE_SENTENCE =
  /^(?:(?:a|any|the|such)\s+)?(?:requests?|claims?|prescriptions?|fills?|quantities|doses)\b[^.;]{0,120}?\b(?:is|are|will|shall|would)\s+(?:be\s+)?(?:not\s+(?:be\s+)?(?:approved|covered|authori[sz]ed|allowed|paid)|denied|rejected)\s*\.?$/i;

const nextSentence = (text: string, from: number) => {
  const rest = text.slice(from).trimStart();
  const stop = sentenceStops(rest, { stops: ".", next: /^\s+[A-Z(•]/ })[0];
  return stop === undefined ? rest : rest.slice(0, stop + 1);
};

/** Ends of the sentences of a paragraph: ". " before a capital or "(", outside brackets, not after "e.g." or one letter. */
function sentenceEnds(text: string): number[] {
  const ends = sentenceStops(text, { stops: ".", next: /^\s+[A-Z(•]/ })
    .filter((i) => !CONSEQUENCE_SENTENCE.test(nextSentence(text, i + 1)))
    .map((i) => {
      // "... osteoporosis. AND one of the following:": the capitalised connector ends the sentence it follows.
      const connector = /^\s+(?:AND|OR)(?=\s)/.exec(text.slice(i + 1));
      return i + 1 + (connector ? connector[0].length : 0);
    });
  ends.push(text.length);
  return ends;
}

/** A paragraph unit as one unit per sentence, each keeping the pages its words stand on. */
function sentencesOf(unit: Unit): Unit[] {
  return cutUnit(unit, sentenceEnds(unitText(unit)));
}

const unitText = (unit: Unit) => unit.parts.map((p) => p.text).join(" ");

/**
 * An enumeration written inside a paragraph, as criteria books print it: "(A) Diagnosis of one of the following:
 * (1) ...; (2) ...; or (3) ... AND (B) ...". A parenthesised number or letter opens an item where it starts the
 * text or follows ":", ";", ".", "," or a connector, and only as the first of its kind or the next after one
 * ("described in (C)" is a reference, not an item). Two such items at least make a list.
 */
const INLINE_MARKER = /(?:^|(?<=[:;.,]\s)|(?<=\s(?:AND|OR|and|or)\s))\((\d{1,2}|[A-Za-z])\)\s+(?=\S)/g;

function inlineItemStarts(text: string, opening: Marker | null): number[] {
  const last = new Map<string, number>();
  // The item's own marker ("(A)" at the line's start) is the first of its list.
  if (opening && opening.punct === "()" && ["decimal", "upper", "lower"].includes(opening.kind)) last.set(opening.kind, opening.value);
  const starts: number[] = [];
  for (const m of text.matchAll(INLINE_MARKER)) {
    const token = m[1];
    const style = /\d/.test(token) ? "decimal" : token === token.toUpperCase() ? "upper" : "lower";
    const value = style === "decimal" ? Number(token) : token.toLowerCase().charCodeAt(0) - 96;
    if (value !== 1 && last.get(style) !== value - 1) continue;
    last.set(style, value);
    starts.push(m.index ?? 0);
  }
  return starts.length + (opening ? 1 : 0) >= 2 ? starts : [];
}

/** A unit holding an enumeration inside its text, cut into the text before it and one unit per item (each with its marker). */
function inlineItems(unit: Unit): Unit[] {
  const text = unitText(unit);
  const body = unit.marker ? text.slice(unit.marker.length) : text;
  const offset = text.length - body.length;
  const starts = inlineItemStarts(body, unit.marker).map((i) => i + offset).filter((i) => i > 0);
  if (!starts.length) return [unit];
  const pieces = cutUnit(unit, [...starts, text.length]);
  return pieces.map((piece, i) => (i === 0 && unit.marker ? { ...piece, marker: unit.marker } : { ...piece, marker: readMarkers(unitText(piece))[0] ?? null }));
}

/** A unit cut at the given ends (positions in its text), each part keeping the pages its words stand on. */
function cutUnit(unit: Unit, ends: readonly number[]): Unit[] {
  const spans: { page: number; start: number; end: number }[] = [];
  let text = "";
  for (const part of unit.parts) {
    if (text) text += " ";
    spans.push({ page: part.page, start: text.length, end: text.length + part.text.length });
    text += part.text;
  }
  const out: Unit[] = [];
  let start = 0;
  for (const end of ends) {
    const parts = spans
      .map((s) => ({ page: s.page, text: text.slice(Math.max(start, s.start), Math.min(end, s.end)).trim() }))
      .filter((p) => p.text);
    if (parts.length) out.push({ marker: null, x0: unit.x0, parts });
    start = end;
  }
  if (out.length) out[out.length - 1].connectorAfter = unit.connectorAfter;
  return out;
}

function nodeOf(unit: Unit, parent: OutlineNode): OutlineNode {
  const lines: PolicyLine[] = unit.parts.map((p, index) => ({ page: p.page, index, raw: p.text, text: p.text }));
  return { marker: unit.marker, lines, notes: [], durations: [], children: [], parent, region: "content", connectorAfter: unit.connectorAfter };
}

/** Positions of a capitalised " AND " / " OR " joining two clauses of one item, outside brackets (none at its ends). */
function clauseJoints(text: string): { at: number; length: number; logic: "and" | "or" }[] {
  const out: { at: number; length: number; logic: "and" | "or" }[] = [];
  forEachOutsideBrackets(text, (i) => {
    const m = /^,?\s(AND|OR)\s/.exec(text.slice(i, i + 6));
    if (!m || i === 0 || text.slice(i + m[0].length).trim().length <= 3) return;
    out.push({ at: i, length: m[0].length, logic: m[1].toLowerCase() as "and" | "or" });
    return m[0].length - 1;
  });
  return out;
}

/**
 * An item whose clauses a capitalised connector joins ("... bromocriptine mesylate OR surgical resection is not an
 * option", "a T-score of -2.5 or lower ..., AND TF/C/I to a bisphosphonate"): its clauses become its children, ANY for
 * OR and ALL for AND, each read and quoted on its own. Mixed connectors stay one item.
 */
function splitClauses(node: OutlineNode): void {
  if (node.children.length || !node.lines.length) return;
  const first = node.lines[0];
  const text = node.lines.map((l) => l.text).join(" ");
  const body = node.marker ? text.slice(node.marker.length) : text;
  const joints = clauseJoints(body);
  if (!joints.length || new Set(joints.map((j) => j.logic)).size > 1) return;
  const clauses: string[] = [];
  let start = 0;
  for (const j of joints) {
    clauses.push(body.slice(start, j.at).trim());
    start = j.at + j.length;
  }
  clauses.push(body.slice(start).trim());
  node.children = clauses.map((clause, i) => ({
    marker: null, lines: [{ page: first.page, index: i, raw: clause, text: clause }], notes: [], durations: [], children: [], parent: node, region: "content" as const,
    ...(i < clauses.length - 1 ? { connectorAfter: joints[i].logic } : {}),
  }));
  node.lines = [];
  node.marker = null;
  node.pseudo = "intro";
}

/** The outline of a cell: sentences at the top; list items under the open item, or under an intro ending in ":". */
export function outlineOfText(segments: readonly TextSegment[]): OutlineNode {
  const root: OutlineNode = { marker: null, lines: [], notes: [], durations: [], children: [], parent: null, region: "content", pseudo: "intro" };
  let stack: { style: string; value: number; node: OutlineNode; x0: number }[] = [];
  let intro: OutlineNode | null = null;
  for (const unit of unitsOf(segments).flatMap(inlineItems).flatMap((u) => (u.marker ? [u] : sentencesOf(u)))) {
    if (!unit.marker) {
      const node = nodeOf(unit, root);
      root.children.push(node);
      stack = [];
      intro = /:\s*$/.test(textOf(unit)) ? node : null;
      continue;
    }
    const marker = unit.marker;
    // Indentation says the level when there is one: items further right than an open item are inside it.
    const positioned = unit.x0 > 0 && stack.every((l) => l.x0 > 0);
    if (positioned) while (stack.length && stack[stack.length - 1].x0 > unit.x0 + 2) stack.pop();
    const deeper = positioned && stack.length > 0 && unit.x0 > stack[stack.length - 1].x0 + 2;
    let placed: OutlineNode | null = null;
    for (let depth = stack.length - 1; depth >= 0 && !placed && !deeper; depth--) {
      const level = stack[depth];
      if (styleOf(marker) !== level.style || !(marker.kind === "bullet" || marker.value === level.value + 1)) continue;
      const parent = level.node.parent ?? root;
      placed = nodeOf(unit, parent);
      parent.children.push(placed);
      stack = [...stack.slice(0, depth), { style: level.style, value: marker.value, node: placed, x0: unit.x0 }];
    }
    if (!placed) {
      const parent = stack[stack.length - 1]?.node ?? intro ?? root;
      placed = nodeOf(unit, parent);
      parent.children.push(placed);
      stack.push({ style: styleOf(marker), value: marker.value, node: placed, x0: unit.x0 });
    }
  }
  walk(root);
  return root;
}

function walk(node: OutlineNode): void {
  for (const child of [...node.children]) {
    splitClauses(child);
    walk(child);
  }
}

/** Ids by position ("<prefix>.2.1"): sentences have no labels of their own to name them. */
function renumber(node: CriteriaNode, id: string): CriteriaNode {
  if (node.kind === "criterion") return { ...node, id };
  return { ...node, id, children: node.children.map((c, i) => renumber(c, `${id}.${i + 1}`)) };
}

/** The criteria tree of a cell's or field's text (null when it holds none), quotes verbatim from its pages. */
export function criteriaOfText(segments: readonly TextSegment[], id: string, ctx: BuildContext, inherited?: ChildKind): CriteriaNode | null {
  const root = outlineOfText(segments);
  if (!root.children.length) return null;
  const criteria = toCriteria(root, id, ctx, inherited);
  if (!criteria) return null;
  return criteria.kind === "group" ? renumber(criteria, id) : { ...criteria, id: `${id}.1` };
}
