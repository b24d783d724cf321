import type { ReactNode } from "react";

/**
 * A wide table's horizontal scroller that keyboard users can reach and scroll (axe: scrollable-region-focusable);
 * named so a screen reader says what it is when focus lands on it.
 */
export function TableScroll({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${className}`}>
      {children}
    </div>
  );
}
