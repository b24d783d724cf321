// Types of ocr.mjs for the TypeScript tests that use it (the worker loads the plain .mjs at run time).
import type { Canvas } from "@napi-rs/canvas";

export type OcrWord = [number, number, number, number, string];
export interface RecognisedPage {
  page: number;
  text: string;
  layout?: { width: number; lines: [number, number][][] };
  source: "ocr";
  ocr: { confidence: number; rotation: number; words: OcrWord[]; blank?: boolean };
}

export function canvasModule(): typeof import("@napi-rs/canvas");
export function stopRecognizer(): Promise<void>;
export function darkShare(canvas: Canvas): number;
export function rotated(canvas: Canvas, degrees: 0 | 90 | 180 | 270): Canvas;
export function recognizePage(number: number, canvas: Canvas): Promise<RecognisedPage>;
export function canvasFromEncoded(bytes: Uint8Array): Promise<Canvas>;
export function tiffPageProblem(ifd: Record<string, ArrayLike<number> | undefined>, fileLength: number): string | null;
export function tiffPages(bytes: Uint8Array): (() => Canvas)[];
