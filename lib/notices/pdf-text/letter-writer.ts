// A letter-size page flow: paragraphs are noted in order, then laid out at once (measuring text needs the fonts
// embedded, which is asynchronous): wrapped at spaces, a word wider than the line (a sentence in Chinese or
// Japanese, which has no spaces, or a long reference) broken between characters, new pages as needed.
import { rgb, type PDFDocument, type PDFPage } from "pdf-lib";
import { TextSetter, type MissingGlyphs } from "./text-setter";
import type { FontWeight } from "./notice-fonts";

const PAGE: [number, number] = [612, 792];
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;

export interface ParagraphStyle {
  size?: number;
  bold?: boolean;
  indent?: number;
  gap?: number;
  color?: [number, number, number];
  /** The notice field the text shows, named in the audit trail when a character cannot be drawn. */
  field?: string;
}

type Block = { text: string; style: ParagraphStyle } | { space: number };

export class LetterWriter {
  private blocks: Block[] = [];

  text(text: string, style: ParagraphStyle = {}) {
    this.blocks.push({ text, style });
  }

  space(points: number) {
    this.blocks.push({ space: points });
  }

  /** Lays the paragraphs out in `doc`; answers the characters that no font could draw, by field. */
  async render(doc: PDFDocument): Promise<MissingGlyphs[]> {
    const setter = new TextSetter(doc);
    let page: PDFPage = doc.addPage(PAGE);
    let y = PAGE[1] - MARGIN;
    for (const block of this.blocks) {
      if ("space" in block) {
        y -= block.space;
        continue;
      }
      const { style } = block;
      const size = style.size ?? 10.5;
      const weight: FontWeight = style.bold ? "bold" : "regular";
      const indent = style.indent ?? 0;
      for (const line of await wrap(block.text, (t) => setter.width(t, size, weight), WIDTH - indent)) {
        if (y - size < MARGIN) {
          page = doc.addPage(PAGE);
          y = PAGE[1] - MARGIN;
        }
        y -= size * 1.3;
        await setter.draw(page, line, { x: MARGIN + indent, y, size, weight, color: rgb(...(style.color ?? [0.1, 0.1, 0.12])), field: style.field ?? "text" });
      }
      y -= style.gap ?? 4;
    }
    return setter.missing;
  }
}

/** Lines no wider than `width` (a single character wider than the line still gets its own line). */
export async function wrap(text: string, widthOf: (text: string) => Promise<number>, width: number): Promise<string[]> {
  const fits = async (t: string) => (await widthOf(t)) <= width;
  const lines: string[] = [];
  for (const paragraph of text.normalize("NFC").split(/\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (await fits(next)) line = next;
      else if (await fits(word)) {
        if (line) lines.push(line);
        line = word;
      } else {
        // Wider than a whole line: filled in character by character (a combining mark stays with its letter).
        let rest: string[] = word.match(/\P{M}\p{M}*/gu) ?? [word];
        let current = line ? `${line} ` : "";
        while (rest.length) {
          let fit = 0;
          while (fit < rest.length && (await fits(current + rest.slice(0, fit + 1).join("")))) fit++;
          if (fit === rest.length) break;
          if (fit === 0 && !current) fit = 1;
          lines.push((current + rest.slice(0, fit).join("")).trimEnd());
          rest = rest.slice(fit);
          current = "";
        }
        line = current + rest.join("");
      }
    }
    lines.push(line);
  }
  return lines;
}
