// `node scripts/make-icons.mjs`: draws the portal's icons into public/ from the shapes of public/logo.svg (a blue
// rounded square with a white check mark): favicon.ico (16, 32 and 48 px PNGs in one ICO), icon.png (512 px) and
// apple-touch-icon.png (180 px). Run it again after changing the logo; the files are committed.
import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";

// The logo's geometry on its 64 x 64 view box (public/logo.svg draws the same).
const BLUE = [29, 78, 216]; // Tailwind blue-700, the portal's accent
const CORNER = 14;
const CHECK = [[17, 33], [28, 44], [47, 22]];
const STROKE = 7;

const distanceToSegment = (px, py, [ax, ay], [bx, by]) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
};

const insideRoundedSquare = (x, y) => {
  const cx = Math.min(Math.max(x, CORNER), 64 - CORNER);
  const cy = Math.min(Math.max(y, CORNER), 64 - CORNER);
  return x >= 0 && x <= 64 && y >= 0 && y <= 64 && Math.hypot(x - cx, y - cy) <= CORNER;
};

/** The logo at `size` px, each pixel the mean of 4 x 4 samples (smooth edges); `square`: no rounded corners. */
function draw(size, square = false) {
  const png = new PNG({ width: size, height: size });
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          if (!square && !insideRoundedSquare(x, y)) continue;
          const white = distanceToSegment(x, y, CHECK[0], CHECK[1]) <= STROKE / 2 || distanceToSegment(x, y, CHECK[1], CHECK[2]) <= STROKE / 2;
          const [cr, cg, cb] = white ? [255, 255, 255] : BLUE;
          r += cr;
          g += cg;
          b += cb;
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      // Colour averaged over the covered samples (no dark fringe), alpha from the coverage.
      png.data[i] = a ? Math.round(r / a) : 0;
      png.data[i + 1] = a ? Math.round(g / a) : 0;
      png.data[i + 2] = a ? Math.round(b / a) : 0;
      png.data[i + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return PNG.sync.write(png);
}

/** An ICO file holding PNG images (read by every current browser). */
/** @param {{ size: number, png: Buffer }[]} images */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, k) => {
    const e = 6 + 16 * k;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt8(0, e + 2); // no palette
    header.writeUInt8(0, e + 3);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

const out = path.resolve(import.meta.dirname, "..", "public");
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "favicon.ico"), ico([16, 32, 48].map((size) => ({ size, png: draw(size) }))));
fs.writeFileSync(path.join(out, "icon.png"), draw(512));
// iOS rounds the corners itself and shows transparency as black: the touch icon is a full square.
fs.writeFileSync(path.join(out, "apple-touch-icon.png"), draw(180, true));
console.log(`icons written to ${path.relative(process.cwd(), out)}/`);
