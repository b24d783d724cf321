// Measures and draws text in one PDF with the notice fonts: each line is split into runs of one font (text-runs.ts),
// a font is embedded (as a subset of the glyphs used) only when a run needs it, and every character no font covers is
// drawn as a visible marker and remembered with the field it was in, for the audit trail.
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { loadNoticeFont, NOTICE_FONTS, pdfLibFontkit, type FontWeight } from "./notice-fonts";
import { splitRuns, type TextRun } from "./text-runs";

export interface MissingGlyphs {
  /** Which part of the notice (e.g. "patient.name", "reasons[0].finding"). */
  field: string;
  characters: string[];
}

const MARKER_FONT = 0;

export class TextSetter {
  private embedded = new Map<string, Promise<PDFFont>>();
  private missingByField = new Map<string, Set<string>>();

  constructor(private doc: PDFDocument) {
    doc.registerFontkit(pdfLibFontkit);
  }

  /** Characters that were drawn as the marker, by field, in the order first met. */
  get missing(): MissingGlyphs[] {
    return [...this.missingByField].map(([field, chars]) => ({ field, characters: [...chars] }));
  }

  private runs(text: string, weight: FontWeight, field?: string): TextRun[] {
    const { runs, missing } = splitRuns(text, (cp, preferred) => this.fontFor(cp, preferred, weight), MARKER_FONT);
    if (field && missing.length) {
      const set = this.missingByField.get(field) ?? new Set<string>();
      for (const ch of missing) set.add(ch);
      this.missingByField.set(field, set);
    }
    return runs;
  }

  private fontFor(codePoint: number, preferred: number | null, weight: FontWeight): number | null {
    if (preferred !== null && loadNoticeFont(preferred, weight).font.hasGlyphForCodePoint(codePoint)) return preferred;
    for (let i = 0; i < NOTICE_FONTS.length; i++) if (loadNoticeFont(i, weight).font.hasGlyphForCodePoint(codePoint)) return i;
    return null;
  }

  private pdfFont(index: number, weight: FontWeight): Promise<PDFFont> {
    const key = `${index}:${weight}`;
    let font = this.embedded.get(key);
    if (!font) {
      font = this.doc.embedFont(loadNoticeFont(index, weight).bytes, { subset: true });
      this.embedded.set(key, font);
    }
    return font;
  }

  /** The width of `text` drawn at `size`, in points. */
  async width(text: string, size: number, weight: FontWeight): Promise<number> {
    let total = 0;
    for (const run of this.runs(text, weight)) total += (await this.pdfFont(run.font, weight)).widthOfTextAtSize(run.text, size);
    return total;
  }

  /** Draws one line from (x, y), left to right; `field` names where a missing character came from. */
  async draw(page: PDFPage, text: string, opts: { x: number; y: number; size: number; weight: FontWeight; color: RGB; field: string }) {
    let x = opts.x;
    for (const run of this.runs(text, opts.weight, opts.field)) {
      const font = await this.pdfFont(run.font, opts.weight);
      page.drawText(run.text, { x, y: opts.y, size: opts.size, font, color: opts.color });
      x += font.widthOfTextAtSize(run.text, opts.size);
    }
  }
}
