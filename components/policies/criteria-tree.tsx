"use client";

import { useEffect, useRef, useState } from "react";
import { CheckEditor } from "./check-editor";
import { describeCheck } from "@/lib/portal/describe-check";
import type { Check, CriteriaNode, Quote } from "./types";

const CHECK_LABELS: Record<string, string> = {
  diagnosis: "Diagnosis", age: "Age", prescriber_specialty: "Prescriber specialty", step_therapy: "Step therapy", lab_threshold: "Lab / score",
  quantity_limit: "Quantity limit", dose_limit: "Dose limit", labeled_dose_limit: "FDA-labeled dose", duration_limit: "Duration limit", documentation: "Documentation",
  combination_therapy: "Combination therapy", concurrent_therapy_exclusion: "Concurrent therapy", continuation: "Continuation", manual: "Manual review",
};

interface TreeProps {
  node: CriteriaNode;
  selectedId: string | null;
  onSelect(id: string, quote: Quote): void;
  editable: boolean;
  /** The pending draft's check of a criterion when the draft changed it (null otherwise). */
  draftCheckOf(criterionId: string): Check | null;
  /** Whether the policy has a pending draft. */
  hasDraft: boolean;
  /** Adds the edit to the draft; rejects with the API's message when it is refused. */
  onEdit(edit: { criterion_id: string; check?: Check; manual?: boolean }): Promise<void>;
}

/** The criteria as the policy nests them: ALL / ANY groups, each criterion with its check and its verbatim quote. */
export function CriteriaTree(props: TreeProps) {
  const { node } = props;
  if (node.kind === "group") {
    const logic = node.logic === "all" ? "ALL of" : node.minCount && node.minCount > 1 ? `${node.minCount} of` : "ONE of";
    return (
      <div className="mt-2">
        {node.text && (
          <button type="button" disabled={!node.quote} onClick={() => node.quote && props.onSelect(node.id, node.quote)} className="text-left text-sm text-slate-800">
            {node.text}
          </button>
        )}
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{logic} the following</p>
        <ul className="ml-3 border-l-2 border-slate-200 pl-3">
          {node.children.map((child) => (
            <li key={child.id}><CriteriaTree {...props} node={child} /></li>
          ))}
        </ul>
      </div>
    );
  }
  return <Criterion {...props} node={node} />;
}

function Criterion({ node, selectedId, onSelect, editable, draftCheckOf, hasDraft, onEdit }: TreeProps & { node: Extract<CriteriaNode, { kind: "criterion" }> }) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  // After "Add to draft" the form closes: the focus goes to the message saying where the edit went.
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);
  // Once the draft is published or discarded, "added to the draft" no longer holds (adjusted while rendering, as
  // React advises for state that follows a prop).
  const [hadDraft, setHadDraft] = useState(hasDraft);
  if (hasDraft !== hadDraft) {
    setHadDraft(hasDraft);
    if (!hasDraft) setSaved(0);
  }
  const selected = selectedId === node.id;
  const draftCheck = draftCheckOf(node.id);
  const current = draftCheck ?? node.check;
  const save = async (edit: { criterion_id: string; check?: Check; manual?: boolean }) => {
    setSaving(true);
    setFailure(null);
    try {
      await onEdit(edit);
      setEditing(false);
      setSaved((n) => n + 1);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={`my-2 rounded-md border p-2 ${selected ? "border-yellow-400 bg-yellow-50" : "border-transparent"}`}>
      <button type="button" onClick={() => onSelect(node.id, node.quote)} aria-pressed={selected} className="block w-full text-left">
        <span className="mr-2 font-mono text-xs text-slate-600">{node.id}</span>
        <span className="text-sm">{node.text}</span>
      </button>
      <p className="mt-1 text-xs text-slate-700">
        <span className={`mr-1 rounded px-1.5 py-0.5 font-medium ${node.check.kind === "manual" ? "bg-amber-100 text-amber-900" : "bg-blue-100 text-blue-900"}`}>{CHECK_LABELS[node.check.kind] ?? node.check.kind}</span>
        {describeCheck(node.check)} <span className="text-slate-500">· p. {node.quote.page}{node.rule ? ` · rule ${node.rule}` : ""}</span>
      </p>
      {draftCheck && (
        <p className="mt-1 text-xs text-amber-900" data-testid={`draft-check-${node.id}`}>
          <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 font-medium">In the draft</span>
          {CHECK_LABELS[draftCheck.kind] ?? draftCheck.kind}: {describeCheck(draftCheck)}
        </p>
      )}
      {saved > 0 && !editing && (
        <p ref={savedRef} tabIndex={-1} role="status" className="mt-1 text-xs text-slate-800">Added to the draft: not live until the draft is published.</p>
      )}
      {failure && !editing && <p role="alert" className="mt-1 text-xs text-red-800">{failure}</p>}
      {editable && !editing && (
        <div className="mt-1 flex gap-2">
          <button ref={editRef} type="button" aria-label={`Edit check of ${node.id}`} className="text-xs text-blue-800 underline" onClick={() => { setFailure(null); setEditing(true); }}>Edit check</button>
          {current.kind !== "manual" && <button type="button" className="text-xs text-blue-800 underline" aria-label={`Mark manual (${node.id})`} disabled={saving} onClick={() => void save({ criterion_id: node.id, manual: true })}>Mark manual</button>}
        </div>
      )}
      {editing && (
        <>
          <CheckEditor criterionId={node.id} check={current} pending={saving} onCancel={() => { setEditing(false); requestAnimationFrame(() => editRef.current?.focus()); }}
            onSave={(check) => void save({ criterion_id: node.id, check })} />
          {failure && <p role="alert" className="mt-1 text-xs text-red-800">{failure}</p>}
        </>
      )}
    </div>
  );
}
