// Small inline icons (no icon font, no network). Decorative: the text next to them carries the meaning.
import type { ReactNode, SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement> & { className?: string };

function Svg({ className = "h-4 w-4", children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className} {...props}>
      {children}
    </svg>
  );
}

export const CheckIcon = (p: IconProps) => <Svg {...p}><path d="M4 10.5l4 4 8-9" /></Svg>;
export const CrossIcon = (p: IconProps) => <Svg {...p}><path d="M5 5l10 10M15 5L5 15" /></Svg>;
export const QuestionIcon = (p: IconProps) => <Svg {...p}><path d="M7.5 7.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5V12" /><path d="M10 15.5h.01" /></Svg>;
export const HandIcon = (p: IconProps) => <Svg {...p}><path d="M7 10V4.5a1 1 0 0 1 2 0V9m0-5.5a1 1 0 0 1 2 0V9m0-4a1 1 0 0 1 2 0v4.5m0-2.5a1 1 0 0 1 2 0V12a5 5 0 0 1-5 5h-.5A4.5 4.5 0 0 1 5 14.3L3.6 11.8a1 1 0 0 1 1.6-1.2L7 12.5" /></Svg>;
export const ClockIcon = (p: IconProps) => <Svg {...p}><circle cx="10" cy="10" r="7" /><path d="M10 6v4l2.5 2.5" /></Svg>;
export const AlertIcon = (p: IconProps) => <Svg {...p}><path d="M10 3l8 14H2L10 3z" /><path d="M10 8.5v3.5M10 14.5h.01" /></Svg>;
export const DocumentIcon = (p: IconProps) => <Svg {...p}><path d="M6 2.5h5.5L15 6v11.5H6z" /><path d="M11.5 2.5V6H15" /></Svg>;
export const SpinnerIcon = ({ className = "h-4 w-4", ...p }: IconProps) => (
  <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className={`animate-spin motion-reduce:animate-none ${className}`} {...p}>
    <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeOpacity={0.25} strokeWidth={2.5} />
    <path d="M17 10a7 7 0 0 0-7-7" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" />
  </svg>
);
