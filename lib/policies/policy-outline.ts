// The outline of a policy: its numbered, lettered and bulleted lists as a tree, whatever the marker styles. A marker
// that continues an open list ("b)" after "a)", "2." after "1.") is a sibling there; a first marker ("1.", "a)", "i.")
// opens a list inside the open item. Headings close lists and say whether what follows is criteria or boilerplate
// (background, references, history ...). Notes ("Note: ..."), approval durations and "AND"/"OR" lines between items
// are kept on the items they belong to.
import { connectorLine, readMarkers, styleOf, trailingConnector, type Marker } from "./list-markers";
import type { PolicyLine } from "./policy-lines";

export type Region = "content" | "boilerplate" | "limits";

export interface OutlineNode {
  marker: Marker | null;
  /** The item's lines; the first one still starts with its marker (`marker.length` characters). */
  lines: PolicyLine[];
  notes: PolicyLine[][];
  durations: PolicyLine[];
  children: OutlineNode[];
  parent: OutlineNode | null;
  /** "AND"/"OR" between this item and the next sibling. */
  connectorAfter?: "and" | "or";
  region: Region;
  /** A paragraph line that introduces a list ("... may be approved if the following criteria are met:") or a phase heading. */
  pseudo?: "intro" | "heading";
}

const heading = (words: string) => new RegExp(`^(?:\\d{1,2}\\.\\s*|[A-Z]\\.\\s*|[IVX]+\\.\\s*)?(?:${words})[a-z\\d]?\\s*[:.]?$`, "i");

const BOILERPLATE = heading(
  [
    "references?", "bibliography", "(?:revision|review|policy|document|coverage policy)?\\s*history", "change control", "revision log", "background(?: information)?",
    "(?:disease |clinical |product )?overview", "clinical (?:efficacy|rationale|evidence|background|pharmacology)[^:]{0,60}", "guidelines?(?:\\s*/\\s*recommendations)?",
    "recommendations", "instructions for use", "description", "appendix[^:]{0,40}", "definitions?", "summary of (?:evidence|changes)", "rationale",
    "(?:additional )?clinical rules?", "(?:coding|billing) information", "applicable (?:billing )?codes", "codes?", "disclaimer", "(?:conditions|uses) not covered",
    "experimental[^:]{0,60}", "limitations?(?: of coverage)?", "appendices(?:\\s*/\\s*general information)?", "general information", "product availability",
    "important reminder", "exclusions?", "not medically necessary", "safety", "warnings?(?: and precautions)?",
    "how supplied", "available (?:dosage )?(?:forms|formulations|strengths)", "related (?:policies|documents)", "place of service", "benefit application",
    "indications and usage", "fda approved indications and usage", "pharmacology", "mechanism of action", "clinical studies", "evidence review",
  ].join("|"),
);
const CONTENT = heading(
  [
    "policy statement", "policy", "policy\\s*/\\s*criteria", "coverage policy", "coverage rationale", "(?:prior authori[sz]ation |medical necessity |clinical |coverage |approval |pa )?criteria",
    "criteria for (?:initial )?approval", "coverage criteria[^:]{0,30}", "fda[- ]approved indications?", "other uses with supportive evidence", "indications?",
    "(?:initial|continuation|renewal) (?:of therapy )?criteria", "prior authori[sz]ation(?: requirements)?", "medical necessity", "criteria for use", "conditions of coverage",
  ].join("|"),
);
const LIMITS = heading("(?:[A-Za-z&]+ ){0,3}(?:quantity|dose|dosing|dosage|supply) limits?(?: and [a-z ]{1,30})?|quantity limitations?|dosing(?: information| table| and administration)?|dosage and administration|maximum (?:dose|dosage)s?|dosing guidelines?");
// A short heading that opens the initial or the continuation criteria: "Initial requests:", "Initial Evaluation",
// "Criteria for Initial Approval", "Continuation of Therapy", "Renewal Evaluation", "Reauthorization Criteria".
const PHASE_HEADING = /^(?:criteria for )?(?:initial|new starts?|continuation|continued|renewal|re-?authori[sz]ation|re-?certification|re-?approval|re-?evaluation|subsequent)(?: (?:of )?(?:therapy|treatment|approvals?|authori[sz]ations?|requests?|evaluations?|reviews?|coverage|criteria|use))?(?: criteria| requirements)?\s*[:.]?$/i;
/** A paragraph that opens a list of what is NOT covered: its items are exclusions, kept out of the criteria. */
const EXCLUSION_INTRO = /\b(?:may not be (?:approved|covered|authori[sz]ed)|will not be (?:approved|covered|authori[sz]ed)|(?:is|are) not (?:covered|approved|authori[sz]ed|medically necessary)|considered (?:experimental|investigational|not medically necessary)|not medically necessary (?:for|when|if))\b/i;
const INTRO = /\b(?:following criteria|criteria (?:are|is|is\(are\)) met|may be approved|will be approved|is approved|are approved|approve(?:d)? (?:if|when)|considered medically necessary (?:when|if|for)|covered (?:when|if)|must meet)\b/i;
const NOTE = /^note\s*\d*\s*:/i;
const DURATION = /^(?:(?:initial |re-?)?authori[sz]ation (?:will be|is|may be) (?:issued|granted|approved|given|provided)|(?:initial |re-?|renewal |continuation )?approval duration|duration of (?:approval|authori[sz]ation|therapy approved)|approve(?:d)? for (?:up to )?\d|(?:initial |re-?)?authori[sz]ation (?:duration|period|length)\b|length of (?:approval|authori[sz]ation))/i;
/** A footnote after a sentence: "a State mandates may apply.", "*Prior authorization may be required for these agents". */
const FOOTNOTE = /^(?:[a-z¹²³⁴*†‡¥§]\s+|[*†‡¥§]+)[A-Z][a-z]+\s/;

interface Level {
  style: string;
  value: number;
  node: OutlineNode;
}

const newNode = (marker: Marker | null, line: PolicyLine, parent: OutlineNode | null, region: Region): OutlineNode => ({
  marker, lines: [line], notes: [], durations: [], children: [], parent, region,
});

/** The item's own text (marker left out). */
export function nodeText(node: OutlineNode): string {
  return node.lines
    .map((l, i) => (i === 0 && node.marker ? l.text.slice(node.marker.length) : l.text))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

export function headingRegion(text: string): Region | null {
  if (text.length > 90) return null;
  if (LIMITS.test(text)) return "limits";
  if (BOILERPLATE.test(text)) return "boilerplate";
  if (CONTENT.test(text)) return "content";
  return null;
}

const endsSentence = (text: string) => /[.:;!?]$|\b(?:AND|OR)$/.test(text.trim());

/** The outline of a policy's lines: its root items (lists and introducing paragraphs) in reading order. */
export function buildOutline(lines: readonly PolicyLine[]): OutlineNode[] {
  const roots: OutlineNode[] = [];
  let stack: Level[] = [];
  let closed = true;
  let pseudoRoot: OutlineNode | null = null;
  let region: Region = "content";
  let mode: "item" | "note" | "loose" | "skip" = "loose";
  let pendingConnector: "and" | "or" | null = null;
  let previousText = "";

  const current = (): OutlineNode | null => (closed ? null : (stack[stack.length - 1]?.node ?? null));
  const attach = (node: OutlineNode, parent: OutlineNode | null) => {
    if (parent) parent.children.push(node);
    else roots.push(node);
  };
  const closeLists = () => {
    closed = true;
    mode = "loose";
  };

  for (const line of lines) {
    const text = line.text;
    const connector = connectorLine(text);
    if (connector) {
      pendingConnector = connector;
      previousText = text;
      continue;
    }

    const markers = readMarkers(text);
    const body = markers.length ? text.slice(markers[0].length) : text;
    const headingKind = headingRegion(markers.length && markers[0].kind !== "bullet" ? text : body);

    // A plain heading line: it closes the lists and sets the region.
    if (!markers.length && headingKind && (headingKind !== "content" || endsSentence(previousText) || previousText === "" || /^[A-Z\s/&-]+:?$/.test(text))) {
      region = headingKind;
      closeLists();
      pseudoRoot = null;
      previousText = "";
      continue;
    }

    // "Requests for X may not be approved for the following:" opens exclusions, not criteria.
    if (!markers.length && EXCLUSION_INTRO.test(text) && (previousText === "" || endsSentence(previousText)) && /:\s*$/.test(text)) {
      region = "boilerplate";
      closeLists();
      pseudoRoot = null;
      previousText = text;
      continue;
    }

    // A phase heading ("Initial Approval", "Continuation of Therapy") or a paragraph introducing a list: a pseudo item.
    const phaseHeading = !markers.length && PHASE_HEADING.test(text) && text.split(" ").length <= 7;
    if (phaseHeading || (!markers.length && region !== "boilerplate" && INTRO.test(text) && mode !== "item" && (previousText === "" || endsSentence(previousText)))) {
      if (phaseHeading && region !== "limits") region = "content";
      const node = newNode(null, line, null, region);
      node.pseudo = phaseHeading ? "heading" : "intro";
      roots.push(node);
      pseudoRoot = node;
      stack = [{ style: "pseudo", value: 0, node }];
      closed = false;
      mode = "item";
      pendingConnector = null;
      previousText = text;
      continue;
    }

    // "* Elidel ... require prior authorization." after the criteria's last sentence is a footnote to an asterisk
    // in the criteria, not a bulleted list inside the last item.
    if (markers[0]?.kind === "bullet" && /^[*†‡]/.test(text) && mode !== "item" && mode !== "note" && endsSentence(previousText)) {
      mode = "skip";
      previousText = text;
      continue;
    }

    if (markers.length) {
      let placed = false;
      // 1. The next item of an open list (deepest first).
      for (let depth = stack.length - 1; depth >= 0 && !placed; depth--) {
        for (const marker of markers) {
          const level = stack[depth];
          if (styleOf(marker) !== level.style || !(marker.kind === "bullet" || marker.value === level.value + 1)) continue;
          if (pendingConnector) level.node.connectorAfter = pendingConnector;
          const parent = level.node.parent;
          const node = newNode(marker, line, parent, parent?.region === "boilerplate" ? "boilerplate" : region);
          attach(node, parent);
          stack = [...stack.slice(0, depth), { style: level.style, value: marker.value, node }];
          placed = true;
          break;
        }
      }
      // 2. A first item: a new list inside the open item (or at the top after a heading).
      if (!placed) {
        const first = markers.find((m) => m.kind === "bullet" || m.value === 1);
        if (first) {
          let parent = current();
          if (closed) {
            stack = pseudoRoot && stack[0]?.node === pseudoRoot ? [stack[0]] : [];
            parent = pseudoRoot && stack.length ? pseudoRoot : null;
          }
          const node = newNode(first, line, parent, parent?.region === "boilerplate" ? "boilerplate" : region);
          if (pendingConnector && parent?.children.length) parent.children[parent.children.length - 1].connectorAfter = pendingConnector;
          attach(node, parent);
          stack.push({ style: styleOf(first), value: first.value, node });
          placed = true;
        }
      }
      if (placed) {
        const node = stack[stack.length - 1].node;
        // A numbered heading ("3. Additional Clinical Rules:", "4. References") sets the region of its subtree, and so
        // does a numbered exclusion list ("III. Diagnoses/Indications for which coverage is NOT authorized:").
        const kind = headingKind ?? (EXCLUSION_INTRO.test(body) && /:\s*$/.test(body) ? "boilerplate" : null);
        if (kind && !node.parent) {
          region = kind;
          node.region = kind;
        }
        closed = false;
        mode = "item";
        pendingConnector = null;
        previousText = text;
        continue;
      }
    }

    // A numbered heading that continues no list ("V. Dosage and Administration" after an appendix's bullets) is still
    // a heading: it must not run into the open item's text.
    if (markers.length && markers[0].kind !== "bullet" && headingKind) {
      region = headingKind;
      closeLists();
      pseudoRoot = null;
      previousText = "";
      continue;
    }

    // Not a new item: a note, a duration, a footnote, or more text of the open item.
    const open = current();
    if (NOTE.test(text) && open) {
      open.notes.push([line]);
      mode = "note";
    } else if (DURATION.test(text) && open) {
      // The duration belongs to the nearest item that is a phase or an indication; the section builder looks up.
      open.durations.push(line);
      mode = "loose";
    } else if (FOOTNOTE.test(text) && endsSentence(previousText) && mode !== "note") {
      mode = "skip";
    } else if (open && mode === "item") {
      open.lines.push(line);
    } else if (open && mode === "note") {
      open.notes[open.notes.length - 1].push(line);
    }
    previousText = text;
  }
  return roots;
}

/** Depth-first walk of an outline. */
export function* walkOutline(nodes: readonly OutlineNode[]): Generator<OutlineNode> {
  for (const node of nodes) {
    yield node;
    yield* walkOutline(node.children);
  }
}

/** The item's connector to the next sibling: an "AND"/"OR" line, or one that ends its own text. */
export function connectorOf(node: OutlineNode): "and" | "or" | null {
  return node.connectorAfter ?? trailingConnector(nodeText(node));
}
