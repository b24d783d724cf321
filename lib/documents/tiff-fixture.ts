// Multi-page TIFF files for the reading tests, written here (no encoder for bilevel pages is installed): each page a
// black-and-white bitmap as fax servers send them, one strip, PackBits-compressed, little-endian.
import { canvasModule } from "./worker/ocr.mjs";

export interface TiffPage {
  width: number;
  height: number;
  /** One byte per pixel, 1 = black, row by row. */
  black: Uint8Array;
  /** Pixels per inch across and down (a fax: 204 x 196 or 204 x 98). */
  dpi?: [number, number];
  /** Written as given (e.g. an unknown compression, a strip past the end of the file): a damaged page. */
  overrides?: Partial<Record<number, number>>;
}

/** A PNG (e.g. a rendered form) as a fax page: grey levels below `threshold` are black. */
export async function pageFromPng(png: Buffer, dpi: [number, number] = [200, 200], threshold = 160): Promise<TiffPage> {
  const { createCanvas, loadImage } = canvasModule();
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, image.width, image.height);
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const black = new Uint8Array(image.width * image.height);
  for (let i = 0; i < black.length; i++) black[i] = 0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2] < threshold ? 1 : 0;
  return { width: image.width, height: image.height, black, dpi };
}

/** A white page of a US letter fax at `dpi`. */
export function blankPage(dpi: [number, number] = [200, 200]): TiffPage {
  const width = Math.round(8.5 * dpi[0]);
  const height = Math.round(11 * dpi[1]);
  return { width, height, black: new Uint8Array(width * height), dpi };
}

/** The page turned upside down (a sheet fed the wrong way). */
export function upsideDown(page: TiffPage): TiffPage {
  return { ...page, black: page.black.slice().reverse() };
}

/** PackBits (TIFF compression 32773) of one row. */
function packBits(row: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < row.length) {
    let run = 1;
    while (i + run < row.length && run < 128 && row[i + run] === row[i]) run++;
    if (run > 1) {
      out.push(257 - run, row[i]);
      i += run;
      continue;
    }
    let literal = 1;
    while (i + literal < row.length && literal < 128 && (i + literal + 1 >= row.length || row[i + literal] !== row[i + literal + 1])) literal++;
    out.push(literal - 1, ...row.subarray(i, i + literal));
    i += literal;
  }
  return out;
}

function packedRows(page: TiffPage): Buffer {
  const rowBytes = Math.ceil(page.width / 8);
  const parts: number[] = [];
  for (let y = 0; y < page.height; y++) {
    const row = new Uint8Array(rowBytes);
    for (let x = 0; x < page.width; x++) if (page.black[y * page.width + x]) row[x >> 3] |= 0x80 >> (x & 7);
    parts.push(...packBits(row));
  }
  return Buffer.from(parts);
}

/** A multi-page TIFF: bilevel (0 is white), PackBits, one strip per page. */
export function multiPageTiff(pages: TiffPage[]): Uint8Array {
  const chunks: Buffer[] = [];
  let length = 8;
  const header = Buffer.alloc(8);
  header.write("II", 0, "latin1");
  header.writeUInt16LE(42, 2);
  chunks.push(header);
  const ifdOffsets: number[] = [];
  const nextPointers: number[] = [];
  for (const page of pages) {
    const strip = packedRows(page);
    const stripOffset = length;
    chunks.push(strip);
    length += strip.length;
    if (length % 2) {
      chunks.push(Buffer.alloc(1));
      length += 1;
    }
    const [xdpi, ydpi] = page.dpi ?? [200, 200];
    const rationals = Buffer.alloc(16);
    rationals.writeUInt32LE(xdpi, 0);
    rationals.writeUInt32LE(1, 4);
    rationals.writeUInt32LE(ydpi, 8);
    rationals.writeUInt32LE(1, 12);
    const rationalOffset = length;
    chunks.push(rationals);
    length += 16;
    // [tag, type (3 SHORT, 4 LONG, 5 RATIONAL), value or offset]
    const tags: [number, number, number][] = [
      [256, 4, page.width], [257, 4, page.height], [258, 3, 1], [259, 3, 32773], [262, 3, 0], [273, 4, stripOffset],
      [277, 3, 1], [278, 4, page.height], [279, 4, strip.length], [282, 5, rationalOffset], [283, 5, rationalOffset + 8], [296, 3, 2],
    ];
    for (const [tag, value] of Object.entries(page.overrides ?? {})) {
      const entry = tags.find((t) => t[0] === Number(tag));
      if (entry && value !== undefined) entry[2] = value;
    }
    const ifd = Buffer.alloc(2 + tags.length * 12 + 4);
    ifd.writeUInt16LE(tags.length, 0);
    tags.forEach(([tag, type, value], i) => {
      const at = 2 + i * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(1, at + 4);
      if (type === 3) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    ifdOffsets.push(length);
    nextPointers.push(length + 2 + tags.length * 12);
    chunks.push(ifd);
    length += ifd.length;
  }
  const file = Buffer.concat(chunks);
  file.writeUInt32LE(ifdOffsets[0] ?? 0, 4);
  ifdOffsets.forEach((_, i) => file.writeUInt32LE(ifdOffsets[i + 1] ?? 0, nextPointers[i]));
  return new Uint8Array(file);
}
