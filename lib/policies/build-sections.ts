// From a policy's outline to its sections: each indication (a listed condition, or the whole policy when it has
// one) with its initial and continuation criteria, the approval duration, and a tree of ALL / ANY groups whose leaves
// are classified checks with verbatim quotes.
import { analyzeIntro, LOGIC_NOTE, readCriterion, type ChildKind } from "./classify-criterion";
import { alternativeThresholds, compoundParts } from "./compound-criterion";
import { icd10PrefixesFor, looksLikeCondition } from "./conditions";
import { styleOf, withoutConnector } from "./list-markers";
import { connectorOf, nodeText, walkOutline, type OutlineNode } from "./policy-outline";
import type { PolicyLine } from "./policy-lines";
import type { CriteriaNode, CriterionNode, PolicyNote, PolicySection, Quote } from "./types";
import { findVerbatim, repairQuote } from "./verbatim-quote";
import { sentenceStops } from "@/lib/lexicon/sentences";

type Pages = readonly { page: number; text: string }[];

const PHASE_INITIAL = /^(?:criteria for )?(?:initial (?:therapy|treatment|approvals?|authori[sz]ations?|requests?|evaluations?|reviews?|coverage|criteria|use)|new starts?|initiation of (?:therapy|treatment)|initial approval criteria)\b/i;
const PHASE_CONTINUATION = /^(?:continuation|continued (?:therapy|treatment|approval|use)|continuing therapy|re-?authori[sz]ation|renewals?\b|re-?evaluation|re-?approval|re-?certification|subsequent (?:authori[sz]ation|approval)|criteria for continu|(?:the )?(?:patient|member|individual) is currently (?:receiving|taking|on|using|being treated)|currently receiving|patients? (?:currently )?(?:on|receiving) (?:therapy|treatment))/i;
const DURATION = /\b(?:for|of|up to|duration:?|(?:approval|authori[sz]ation)(?: duration| period| length)?:|issued for|granted for)\s+(\d+|one|two|three|six|twelve|eighteen|twenty-four)\s*(years?|months?|weeks?|days?)\b/i;

export interface BuildContext {
  /** The phase of the section being built (classification reads continuation wording in its light). */
  phase?: "initial" | "continuation" | "general";
  pages: Pages;
  coveredDrugs: string[];
  warnings: string[];
}

/** The first sentence of a text: ". " before a capital, outside brackets, not after "e.g." / "i.e." / one letter. */
export function firstSentence(text: string): string {
  const [stop] = sentenceStops(text, { stops: ".:", next: /^\s+[A-Z(]/ });
  return stop === undefined ? text.replace(/[.:]\s*$/, "").trim() : text.slice(0, stop).trim();
}

/** The item's title: its first line when that line is a heading of its own, else its first sentence; a logic note
 * ("Acute Lymphoblastic Leukemia (must meet all):") is not part of it. */
export function titleOf(node: OutlineNode): string {
  const text = nodeText(node);
  if (node.lines.length > 1) {
    const first = (node.marker ? node.lines[0].text.slice(node.marker.length) : node.lines[0].text).trim();
    const second = node.lines[1].text;
    if (!/[.:;,]$/.test(first) && first.split(" ").length <= 10 && /^[A-Z]/.test(second) && !/\b(?:of|the|and|or|with|for|to|in)$/i.test(first)) return first.replace(LOGIC_NOTE, "");
  }
  return firstSentence(text.replace(LOGIC_NOTE, ""));
}

export function phaseOf(node: OutlineNode): "initial" | "continuation" | null {
  const title = titleOf(node);
  if (PHASE_INITIAL.test(title)) return "initial";
  if (PHASE_CONTINUATION.test(title)) return "continuation";
  return null;
}

/** A verbatim quote of part of an item's text (or all of it), on the page that holds most of the item. */
function quoteOf(node: OutlineNode, ctx: BuildContext, part?: string): Quote | null {
  if (!node.lines.length) return null; // a list the parser grouped itself has no wording of its own
  const byPage = new Map<number, PolicyLine[]>();
  for (const line of node.lines) byPage.set(line.page, [...(byPage.get(line.page) ?? []), line]);
  const groups = [...byPage.entries()].map(([page, lines]) => ({
    page,
    text: lines.map((l) => (l === node.lines[0] && node.marker ? l.text.slice(node.marker.length) : l.text)).join(" "),
  }));
  groups.sort((a, b) => b.text.length - a.text.length);
  for (const group of groups) {
    const pageText = ctx.pages.find((p) => p.page === group.page)?.text ?? "";
    const found = findVerbatim(pageText, part ?? group.text);
    if (found) return { page: group.page, text: found };
  }
  const repaired = repairQuote(ctx.pages, { page: groups[0]?.page ?? 1, text: part ?? groups[0]?.text ?? "" });
  if (!repaired) ctx.warnings.push(`No verbatim quote for "${(part ?? nodeText(node)).slice(0, 80)}"`);
  return repaired;
}

function notesOf(node: OutlineNode, ctx: BuildContext): PolicyNote[] {
  return node.notes.flatMap((lines) => {
    const text = lines.map((l) => l.text).join(" ").replace(/\s+/g, " ").trim();
    const pageText = ctx.pages.find((p) => p.page === lines[0].page)?.text ?? "";
    const found = findVerbatim(pageText, lines.filter((l) => l.page === lines[0].page).map((l) => l.text).join(" "));
    return found ? [{ text, quote: { page: lines[0].page, text: found } }] : [];
  });
}

const labelOf = (node: OutlineNode) => (node.marker?.label ?? "").replace(/[().]/g, "");
const joinId = (prefix: string, label: string) => [prefix, label].filter(Boolean).join(".");

function leaf(id: string, text: string, quote: Quote, ctx: BuildContext, inherited?: ChildKind, subject?: string, notes: PolicyNote[] = []): CriterionNode {
  const read = readCriterion(text, { inherited, subject, coveredDrugs: ctx.coveredDrugs, notes: notes.map((n) => n.text), phase: ctx.phase });
  const node: CriterionNode = { kind: "criterion", id, text: withoutConnector(text), quote, check: read.check, rule: read.rule };
  if (notes.length) node.notes = notes;
  return node;
}

/** The marker and its polarity: "Philadelphia chromosome-negative (Ph-) disease" -> ["chromosome", "negative"]. */
const polarityOf = (text: string) => /\b([a-z0-9]+)[- ](negative|positive)\b/.exec(text.toLowerCase().replace(/\([^)]*\)/g, " "));

/**
 * Items "X-negative ..." and "X-positive ..." of one list cannot both hold: a list that states "(i and ii)" over them
 * is a slip for alternatives, and read as ALL it could never be met.
 */
function hasOpposites(children: readonly CriteriaNode[]): boolean {
  const marks = children.map((c) => polarityOf(c.text ?? "")).filter((m): m is RegExpExecArray => m !== null);
  return marks.some((a) => marks.some((b) => a[1] === b[1] && a[2] !== b[2]));
}

/**
 * A leaf that states a finding and a trial ("Ph+ disease and intolerant to a TKI"): an ALL group of both parts; one
 * that gives score thresholds as alternatives ("(e.g., ACQ score > 1.5 or ACT score < 20)"): an ANY group of them.
 */
function splitCompound(criterion: CriterionNode, node: OutlineNode, ctx: BuildContext): CriteriaNode {
  const classifyCtx = { coveredDrugs: ctx.coveredDrugs, notes: criterion.notes?.map((n) => n.text), phase: ctx.phase };
  const both = compoundParts(criterion.text, criterion.check, classifyCtx);
  const any = both ? null : criterion.check.kind === "manual" || criterion.check.kind === "lab_threshold" ? alternativeThresholds(criterion.text, classifyCtx) : null;
  const parts = both ?? any;
  if (!parts) return criterion;
  const children = parts.map((part, i): CriterionNode | null => {
    const quote = quoteOf(node, ctx, part.text);
    return quote ? { kind: "criterion", id: `${criterion.id}.${i + 1}`, text: part.text, quote, check: part.check, rule: part.rule, ...(i === 1 && criterion.notes ? { notes: criterion.notes } : {}) } : null;
  });
  if (children.some((c) => c === null)) return criterion;
  return { kind: "group", id: criterion.id, logic: both ? "all" : "any", text: criterion.text, quote: criterion.quote, children: children as CriterionNode[] };
}

/**
 * The sub-items an intro names ("ONE of the following (a or b):", "[(1) and (2)]"): several items past the named
 * ones are text the reader misplaced into the list (a product table, a clause of another page), not alternatives.
 * One extra item, or a label named twice ("(i, ii, and ii)"), is more likely the policy's own slip: all are kept.
 */
function listedChildren(node: OutlineNode, text: string, ctx: BuildContext): OutlineNode[] {
  const named = /[([]\s*\(?([a-z0-9]{1,4})\)?((?:\s*,\s*\(?[a-z0-9]{1,4}\)?)*),?\s+(?:and|or)\s+\(?([a-z0-9]{1,4})\)?\s*[)\]]\s*:?\s*$/i.exec(text);
  if (!named) return node.children;
  const labels = [named[1], ...named[2].split(",").map((l) => l.replace(/[()\s]/g, "")).filter(Boolean), named[3]].map((l) => l.toLowerCase());
  const labelOfChild = (c: OutlineNode) => labelOf(c).toLowerCase();
  if (new Set(labels).size < labels.length || !labels.every((l) => node.children.some((c) => labelOfChild(c) === l))) return node.children;
  const kept = node.children.filter((c) => labels.includes(labelOfChild(c)));
  if (node.children.length - kept.length < 2) return node.children;
  if (kept.length < node.children.length) ctx.warnings.push(`Items after the named ${labels.join(", ")} of "${text.slice(0, 60)}" were left out.`);
  return kept;
}

/**
 * An outline item and its sub-items as criteria: a leaf, or a group whose logic its intro or its connectors state.
 * `root`: the item is a section's body, whose heading ("Acute Lymphoblastic Leukemia (must meet all):") is its title.
 */
export function toCriteria(node: OutlineNode, prefix: string, ctx: BuildContext, inherited?: ChildKind, subject?: string, root = false): CriteriaNode | null {
  const id = joinId(prefix, labelOf(node));
  const text = nodeText(node);
  if (!node.children.length) {
    const quote = quoteOf(node, ctx);
    return quote ? splitCompound(leaf(id, text, quote, ctx, inherited, subject, notesOf(node, ctx)), node, ctx) : null;
  }
  const intro = analyzeIntro(text);
  const children = listedChildren(node, text, ctx)
    .map((child) => toCriteria(child, id, ctx, intro.childKind ?? (intro.pureIntro ? inherited : undefined), intro.subject ?? subject))
    .filter((c): c is CriteriaNode => c !== null);
  if (!children.length) return null;
  // "Prescribed by one of the following: Dermatologist / Allergist / Immunologist" is one specialty criterion (any of
  // them), quoted by its intro, not one criterion per specialist.
  const specialists = children.flatMap((c) => (c.kind === "criterion" && c.check.kind === "prescriber_specialty" ? c.check.specialties : []));
  if (intro.childKind === "prescriber_specialty" && children.every((c) => c.kind === "criterion" && c.check.kind === "prescriber_specialty")) {
    const quote = quoteOf(node, ctx);
    if (quote) {
      const items = children.map((c) => (c.kind === "criterion" ? c.text : "")).join(", ");
      return { ...leaf(id, `${withoutConnector(text)} ${items}`, quote, ctx), check: { kind: "prescriber_specialty", specialties: specialists, consultationAllowed: /consult/i.test(text) }, rule: "list.specialists" };
    }
  }
  let logic = intro.logic;
  if (!intro.explicit) {
    const connectors = node.children.slice(0, -1).map(connectorOf);
    logic = connectors.includes("or") && !connectors.includes("and") ? "any" : "all";
  }
  if (logic === "all" && hasOpposites(children)) logic = "any";
  // What the intro itself requires: a criterion before "AND ALL of the following", or an age in the approval
  // sentence ("... may be granted ... in members 1 year of age and older when all of the following are met:").
  const leads: CriteriaNode[] = [];
  if (intro.leadCriterion && !(intro.noted && root)) {
    const quote = quoteOf(node, ctx, intro.leadCriterion);
    if (quote) leads.push(leaf(`${id}.0`, intro.leadCriterion, quote, ctx));
  } else if (node.marker === null || intro.pureIntro || /\b(?:authori[sz]ation|approval|approved?)\b/i.test(text)) {
    const body = text.slice(titleOf(node).length).trim();
    const read = /\b(?:aged?|ages|of age|years? old)\b/i.test(body) ? readCriterion(body.replace(/\bwhen (?:all|any|one|both)\b.*$/i, ""), {}) : null;
    const quote = read?.check.kind === "age" ? quoteOf(node, ctx, body) : null;
    if (read?.check.kind === "age" && quote) leads.push({ kind: "criterion", id: `${id}.age`, text: body, quote, check: read.check, rule: read.rule });
  }
  if (!leads.length && children.length === 1 && (intro.pureIntro || intro.childKind)) return children[0];
  const list: CriteriaNode = { kind: "group", id, logic, text: text || null, quote: quoteOf(node, ctx), children };
  if (intro.minCount && intro.minCount > 1) list.minCount = intro.minCount;
  if (!leads.length) return list;
  if (logic === "all" && !list.minCount) return { ...list, children: [...leads, ...children] };
  return { kind: "group", id: `${id}.all`, logic: "all", text: null, quote: null, children: [...leads, { ...list }] };
}

/** Criteria of an item without sub-items: "Patient is Currently Receiving X. Approve for 1 year if the patient is responding ..." */
function criteriaOfParagraph(node: OutlineNode, id: string, ctx: BuildContext, withTitle: boolean): CriteriaNode | null {
  const text = nodeText(node);
  const title = titleOf(node);
  const clause = /\b(?:approve[ds]?|approval|authori[sz]ed?|covered)\b[^.]*?\b(?:if|when|for patients who|provided that)\b\s*(.+)$/i.exec(text.slice(title.length))?.[1]?.trim();
  const parts: { id: string; text: string }[] = [];
  if (withTitle) parts.push({ id: `${id}.1`, text: title });
  if (clause) parts.push({ id: `${id}.${parts.length + 1}`, text: clause });
  if (!parts.length) {
    const body = text.slice(title.length).trim();
    parts.push({ id, text: body.length > 20 ? body : text });
  }
  const leaves = parts.flatMap((p) => {
    const quote = quoteOf(node, ctx, p.text);
    return quote ? [leaf(p.id, p.text, quote, ctx)] : [];
  });
  if (!leaves.length) return null;
  if (leaves.length === 1) return { ...leaves[0], id };
  return { kind: "group", id, logic: "all", text, quote: quoteOf(node, ctx), children: leaves };
}

function durationOf(node: OutlineNode, stopAt: (n: OutlineNode) => boolean): string | null {
  const own = DURATION.exec(nodeText(node));
  if (own) return `${own[1]} ${own[2]}`;
  const search = (n: OutlineNode): string | null => {
    for (const line of n.durations) {
      const m = DURATION.exec(line.text);
      if (m) return `${m[1]} ${m[2]}`;
    }
    for (const child of n.children) {
      if (stopAt(child)) continue;
      const found = search(child);
      if (found) return found;
    }
    return null;
  };
  return search(node);
}

/** Condition names of an indication title: "Bone Cancer - Osteosarcoma" -> ["Bone Cancer", "Osteosarcoma"]. */
export function conditionNames(title: string): string[] {
  const listed = [...title.matchAll(/\((?:i\.e\.,?|e\.g\.,?|including)?\s*([^)]*)\)/gi)].flatMap((m) => m[1].split(/;\s*|,\s*(?:or\s+|and\s+)?|\s+or\s+/));
  const main = title.replace(/\[[^\]]*\]|\([^)]*\)/g, " ").split(/\s+-\s+|\s*\/\s*|\s+or\s+|,\s*|\s+and\s+(?=[A-Z])/);
  const names = [...main, ...listed].map((s) => s.replace(/\s+/g, " ").replace(/^(?:and|or)\s+/i, "").replace(/[.:;]+$/, "").trim()).filter((s) => s.length > 2);
  return [...new Set(names.filter(looksLikeCondition))];
}

function collectChecks(node: CriteriaNode, out: CriterionNode[] = []): CriterionNode[] {
  if (node.kind === "criterion") out.push(node);
  else node.children.forEach((c) => collectChecks(c, out));
  return out;
}

/** Criteria every case must meet: the leaves reached through ALL groups only (an ANY group's alternatives are not). */
function requiredChecks(node: CriteriaNode): CriterionNode[] {
  if (node.kind === "criterion") return [node];
  return node.logic === "all" && !node.minCount ? node.children.flatMap(requiredChecks) : [];
}

function withDiagnosis(criteria: CriteriaNode, title: string, titleQuote: Quote | null, sectionId: string, names: string[], prefixes: string[]): CriteriaNode {
  // "Patient has pouchitis" as one alternative does not stand for the indication's own diagnosis.
  if (!names.length || !titleQuote || requiredChecks(criteria).some((c) => c.check.kind === "diagnosis")) return criteria;
  const dx: CriterionNode = { kind: "criterion", id: `${sectionId}.dx`, text: title, quote: titleQuote, check: { kind: "diagnosis", names, icd10Prefixes: prefixes }, rule: "section.indication" };
  if (criteria.kind === "group" && criteria.logic === "all") return { ...criteria, children: [dx, ...criteria.children] };
  return { kind: "group", id: `${sectionId}.all`, logic: "all", text: null, quote: null, children: [dx, criteria] };
}

function hintsOf(title: string, criteria: CriteriaNode | null): PolicySection["diagnosisHints"] {
  const names = conditionNames(title);
  const prefixes = names.flatMap(icd10PrefixesFor);
  for (const c of criteria ? collectChecks(criteria) : []) {
    if (c.check.kind !== "diagnosis") continue;
    names.push(...c.check.names);
    prefixes.push(...c.check.icd10Prefixes);
  }
  return { names: [...new Set(names)], icd10Prefixes: [...new Set(prefixes)] };
}

function makeSection(opts: { indication: OutlineNode | null; phaseNode: OutlineNode | null; kind: PolicySection["kind"]; idPrefix: string; fallbackTitle: string; ctx: BuildContext }): PolicySection | null {
  const { indication, phaseNode, kind } = opts;
  const ctx: BuildContext = { ...opts.ctx, phase: kind };
  const indicationId = indication ? joinId(opts.idPrefix, labelOf(indication)) : opts.idPrefix || "policy";
  const title = indication ? titleOf(indication) : opts.fallbackTitle;
  const titleQuote = indication ? quoteOf(indication, ctx, title) : null;
  const body = phaseNode ?? indication;
  if (!body) return null;
  const bodyPrefix = phaseNode && indication ? indicationId : opts.idPrefix;
  let criteria: CriteriaNode | null;
  if (body.children.length) {
    criteria = toCriteria(body, bodyPrefix, ctx, undefined, undefined, true);
  } else {
    const paragraphId = joinId(bodyPrefix, labelOf(body)) || indicationId;
    criteria = criteriaOfParagraph(body, paragraphId, ctx, phaseNode !== null && kind === "continuation" && !PHASE_INITIAL.test(titleOf(body)) && !/^(?:continuation|re-?authori|renewal|continued)/i.test(titleOf(body)));
  }
  if (!criteria) return null;
  const id = phaseNode ? joinId(indication ? indicationId : opts.idPrefix, labelOf(phaseNode)) || `${indicationId}.${kind}` : indicationId;
  const hints = hintsOf(title, criteria);
  const titleHints = conditionNames(title);
  criteria = withDiagnosis(criteria, title, titleQuote, id, titleHints, [...new Set(titleHints.flatMap(icd10PrefixesFor))]);
  const isPhase = (n: OutlineNode) => n !== phaseNode && phaseOf(n) !== null;
  const approvalDuration = (phaseNode ? durationOf(phaseNode, isPhase) : null) ?? (indication ? durationOf(indication, isPhase) : null);
  return { id, title, kind, diagnosisHints: hints, approvalDuration, criteria, titleQuote };
}

/**
 * The initial and continuation sections of one indication (one heading) share their diagnosis hints: a continuation
 * list that never names the disease must still be chosen by it, and both must read as one indication.
 */
function withSharedHints(sections: PolicySection[]): PolicySection[] {
  const keyOf = (s: PolicySection) => (s.titleQuote ? `${s.title}\u0000${s.titleQuote.page}\u0000${s.titleQuote.text}` : null);
  const shared = new Map<string, PolicySection["diagnosisHints"]>();
  for (const s of sections) {
    const key = keyOf(s);
    if (!key) continue;
    const hints = shared.get(key) ?? { names: [], icd10Prefixes: [] };
    shared.set(key, { names: [...new Set([...hints.names, ...s.diagnosisHints.names])], icd10Prefixes: [...new Set([...hints.icd10Prefixes, ...s.diagnosisHints.icd10Prefixes])] });
  }
  return sections.map((s) => {
    const key = keyOf(s);
    return key ? { ...s, diagnosisHints: shared.get(key) as PolicySection["diagnosisHints"] } : s;
  });
}

/** The sections of a policy from its outline (content regions only). */
export function buildSections(roots: readonly OutlineNode[], ctx: BuildContext, policyTitle: string): PolicySection[] {
  const content = roots.filter((r) => r.region === "content");
  const all = [...walkOutline(content)].filter((n) => n.region === "content");
  // A phase is the first phase wording on its path: "Currently receiving medication ..." inside "II. Continued
  // Therapy" is a criterion of that phase, not a phase of its own.
  const underPhase = (n: OutlineNode) => {
    for (let p = n.parent; p; p = p.parent) if (phaseOf(p) !== null) return true;
    return false;
  };
  const phases = all.filter((n) => phaseOf(n) !== null && (n.children.length > 0 || n.lines.length > 0) && !underPhase(n));
  const sections: PolicySection[] = [];
  const seen = new Set<OutlineNode>();

  const addIndication = (indication: OutlineNode) => {
    if (seen.has(indication)) return;
    seen.add(indication);
    const childPhases = indication.children.filter((c) => phaseOf(c) !== null);
    if (childPhases.length) {
      for (const phase of childPhases) {
        const section = makeSection({ indication, phaseNode: phase, kind: phaseOf(phase) as "initial" | "continuation", idPrefix: "", fallbackTitle: policyTitle, ctx });
        if (section) sections.push(section);
      }
    } else {
      const section = makeSection({ indication, phaseNode: null, kind: "general", idPrefix: "", fallbackTitle: policyTitle, ctx });
      if (section) sections.push(section);
    }
  };

  if (phases.length) {
    const indications = new Set<OutlineNode>();
    const phaseRoots: OutlineNode[] = [];
    for (const phase of phases) {
      const parent = phase.parent;
      if (parent && phaseOf(parent) === null && !parent.pseudo) indications.add(parent);
      else if (!parent || parent.pseudo) phaseRoots.push(phase);
    }
    // Siblings of indications in the same list are indications too (e.g. "Patients less than 19 years of age").
    for (const indication of [...indications]) {
      const siblings = indication.parent ? indication.parent.children : content;
      for (const s of siblings) if (s.marker && indication.marker && styleOf(s.marker) === styleOf(indication.marker) && s.region === "content") indications.add(s);
    }
    const ordered = all.filter((n) => indications.has(n) || phaseRoots.includes(n));
    for (const node of ordered) {
      if (indications.has(node)) {
        addIndication(node);
        continue;
      }
      // A phase heading over the whole policy ("Initial Approval" ... "Continuation of Therapy").
      const kind = phaseOf(node) as "initial" | "continuation";
      // Indications listed under the phase heading: a condition as title, with criteria below or an approval sentence.
      const children = node.children.filter((c) => looksLikeCondition(titleOf(c)) && (c.children.length > 0 || /\b(?:approv\w*|authori[sz]\w*|granted|covered)\b/i.test(nodeText(c))));
      if (children.length >= 1 && children.length >= node.children.length / 2) {
        for (const child of children) {
          seen.add(child);
          const section = makeSection({ indication: child, phaseNode: null, kind, idPrefix: labelOf(node) || kind, fallbackTitle: policyTitle, ctx });
          if (section) sections.push({ ...section, kind });
        }
      } else {
        const section = makeSection({ indication: null, phaseNode: node, kind, idPrefix: labelOf(node) ? "" : kind, fallbackTitle: policyTitle, ctx });
        if (section) sections.push(section);
      }
    }
    return withSharedHints(sections);
  }

  // No initial / continuation split: the listed indications, or one section for the whole criteria list.
  const lists = content.filter((r) => r.children.length > 0 || r.pseudo === "intro");
  const unwrap = (nodes: OutlineNode[]): OutlineNode[] =>
    nodes.length === 1 && nodes[0].children.length && !looksLikeCondition(titleOf(nodes[0])) && analyzeIntro(nodeText(nodes[0])).pureIntro && nodes[0].children.some((c) => c.children.length) ? unwrap(nodes[0].children) : nodes;
  for (const root of lists) {
    const items = unwrap([root]);
    const indicationItems = items.filter((i) => i.children.length > 0 && looksLikeCondition(titleOf(i)));
    if (indicationItems.length >= 2 || (items.length === 1 && indicationItems.length === 1 && items[0] !== root)) {
      for (const item of items) if (item.children.length || looksLikeCondition(titleOf(item))) addIndication(item);
    } else {
      const section = makeSection({ indication: null, phaseNode: root, kind: "general", idPrefix: "", fallbackTitle: policyTitle, ctx });
      if (section) sections.push({ ...section, id: section.id || `section-${sections.length + 1}` });
    }
  }
  if (!sections.length) {
    // A bare list of criteria under a heading ("Criteria:" then "1. ... 2. ..."): one section of the top-level items.
    const items = content.filter((r) => r.marker && r.marker.kind !== "bullet" && !r.children.length && !r.pseudo);
    if (items.length) {
      const list: OutlineNode = { marker: null, lines: [], notes: [], durations: [], children: items, parent: null, region: "content", pseudo: "intro" };
      const section = makeSection({ indication: null, phaseNode: list, kind: "general", idPrefix: "", fallbackTitle: policyTitle, ctx });
      if (section) sections.push({ ...section, id: section.id || "section-1" });
    }
  }
  return withSharedHints(sections);
}
