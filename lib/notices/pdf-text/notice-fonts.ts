// The fonts a notice is printed with: Noto fonts from npm packages (SIL Open Font License 1.1, see README's credits),
// asked in this order for each character, so a name in any of these scripts prints as written. Each file is read and
// parsed once per process, and only when a notice first needs it (the CJK files are 4-9 MB each).
//
// The font engine is fontkit 2: the fontkit 1 fork that pdf-lib ships with (@pdf-lib/fontkit) writes broken subsets of
// these fonts (glyphs missing from the Noto Sans subset, CID-keyed CFF subsets of the CJK fonts that viewers reject).
// fontkit 2 writes valid ones; pdf-lib asks for the subset as a stream (fontkit 1's API), so pdfLibFontkit adapts it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { EventEmitter } from "node:events";
import * as fontkit from "fontkit";
import type { PDFDocument } from "pdf-lib";

export type FontWeight = "regular" | "bold";

export interface NoticeFont {
  name: string;
  /** The npm package and the file under its fonts/ folder, per weight. */
  package: string;
  files: Record<FontWeight, string>;
  /** What it is in the list for (the first font that has a character draws it). */
  covers: string;
}

export const NOTICE_FONTS: readonly NoticeFont[] = [
  { name: "Noto Sans", package: "@embedpdf/fonts-latin", files: { regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" }, covers: "Latin, Greek, Cyrillic, the replacement marker" },
  { name: "Noto Sans Hebrew", package: "@embedpdf/fonts-hebrew", files: { regular: "NotoSansHebrew-Regular.ttf", bold: "NotoSansHebrew-Bold.ttf" }, covers: "Hebrew" },
  { name: "Noto Naskh Arabic", package: "@embedpdf/fonts-arabic", files: { regular: "NotoNaskhArabic-Regular.ttf", bold: "NotoNaskhArabic-Bold.ttf" }, covers: "Arabic" },
  { name: "Noto Sans Hans", package: "@embedpdf/fonts-sc", files: { regular: "NotoSansHans-Regular.otf", bold: "NotoSansHans-Bold.otf" }, covers: "Chinese (all unified ideographs), Japanese kana, symbols such as ≥" },
  { name: "Noto Sans KR", package: "@embedpdf/fonts-kr", files: { regular: "NotoSansKR-Regular.otf", bold: "NotoSansKR-Bold.otf" }, covers: "Korean Hangul" },
];

/** A font file's bytes and its parsed form: one of each per process. */
export interface LoadedFont {
  bytes: Uint8Array;
  font: fontkit.Font;
}

const loaded = new Map<string, LoadedFont>();
const parsedByBytes = new WeakMap<Uint8Array, fontkit.Font>();

/** The file is read from node_modules under the working directory (the service runs from the project folder). */
export function fontFilePath(font: NoticeFont, weight: FontWeight): string {
  return path.join(process.cwd(), "node_modules", ...font.package.split("/"), "fonts", font.files[weight]);
}

export function loadNoticeFont(index: number, weight: FontWeight): LoadedFont {
  const file = fontFilePath(NOTICE_FONTS[index], weight);
  let entry = loaded.get(file);
  if (!entry) {
    const buffer = readFileSync(file);
    const font = fontkit.create(buffer);
    if (!("layout" in font)) throw new Error(`${file} is a font collection, not a font.`);
    entry = { bytes: buffer, font: withStreamingSubsets(font) };
    parsedByBytes.set(buffer, entry.font);
    loaded.set(file, entry);
  }
  return entry;
}

/** pdf-lib's subset embedder reads `subset.encodeStream()` (fontkit 1); fontkit 2 encodes at once with `encode()`. */
function withStreamingSubsets(font: fontkit.Font): fontkit.Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    return Object.assign(subset, {
      encodeStream() {
        const stream = new EventEmitter();
        setImmediate(() => {
          try {
            stream.emit("data", subset.encode());
            stream.emit("end");
          } catch (error) {
            stream.emit("error", error);
          }
        });
        return stream;
      },
    });
  };
  return font;
}

/** The engine handed to `PDFDocument.registerFontkit`: a loaded font's bytes give back its parsed font, not a new parse. */
export const pdfLibFontkit = {
  create(bytes: Uint8Array) {
    const font = parsedByBytes.get(bytes);
    if (!font) throw new Error("Notice fonts are embedded through loadNoticeFont only.");
    return font;
  },
} as unknown as Parameters<PDFDocument["registerFontkit"]>[0];
