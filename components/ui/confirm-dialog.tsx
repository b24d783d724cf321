"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

/**
 * A modal confirmation on the native <dialog>: focus moves into it and is trapped, Escape closes it, and focus returns
 * to the button that opened it.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = "Keep it", danger = false, pending = false, onConfirm, onClose }: {
  open: boolean; title: string; children?: ReactNode; confirmLabel: string; cancelLabel?: string; danger?: boolean; pending?: boolean;
  onConfirm: () => void; onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The safe choice has focus, whatever the dialog holds before it (a reason field, say).
      dialog.querySelector<HTMLButtonElement>("[data-dialog-keep]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}
      className="m-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40">
      <div className="space-y-3 p-5">
        <h2 id={titleId} className="text-lg font-semibold">{title}</h2>
        {children && <div className="text-sm text-slate-700">{children}</div>}
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onClose} autoFocus data-dialog-keep>{cancelLabel}</Button>
          <Button type="button" variant={danger ? "danger" : "primary"} onClick={onConfirm} disabled={pending}>{pending ? "Working…" : confirmLabel}</Button>
        </div>
      </div>
    </dialog>
  );
}
