// Renders build/icon.svg into every icon file the packaging needs, in build/icons/:
//   <n>x<n>.png for n in 16…1024  Linux: the AppImage and the deb install the whole set (linux.icon: icons)
//   icon.png (1024 px)            the largest image, for tools that want a single PNG
//   icon.ico                      Windows (NSIS installer and the exe): PNG-compressed entries 16…256 px
//   icon.icns                     macOS (app and dmg): PNG entries 16…1024 px
// and renderer/public/favicon.ico (16, 32, 48 px): the browser's /favicon.ico under `jury serve`.
// Writing the ICO and ICNS here means electron-builder never converts an icon, which it could only do by
// downloading its icons toolset.
//
// Rasterising: the development machine had no ImageMagick and no rsvg-convert, only Chromium, so this
// drives Chromium through playwright-core (a devDependency) and screenshots the SVG at each size: every
// size is rendered from the vector, not scaled down from 1024 px. The generated files are committed, so
// packaging never needs Chromium; rerun this only after changing icon.svg:
//   node build/make-icons.ts            (JURY_CHROMIUM=/path/to/chrome to choose the browser)
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

/** Sizes of the Linux PNG set. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
/** Sizes inside icon.ico (256 is the largest an ICO entry can declare). */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;
/** The sizes of the browser's /favicon.ico (`jury serve`; Vite copies renderer/public/ into the build). */
export const FAVICON_SIZES = [16, 32, 48] as const;
/** The PNG entry types of icon.icns and their pixel sizes (`ic11`…`ic14` are the Retina @2x ones). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
] as const;

const buildDir = fileURLToPath(new URL('.', import.meta.url));
const iconsDir = fileURLToPath(new URL('icons/', import.meta.url));
const faviconDir = fileURLToPath(new URL('../renderer/public/', import.meta.url));

/** One size of the SVG as a PNG with a transparent background. */
async function renderPng(page: Page, svg: string, size: number): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(
    `<html><body style="margin:0;background:transparent">` +
      `<img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
  );
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

/** An ICO file whose entries are PNG images (Windows Vista and later). */
export function encodeIco(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** An ICNS file: the `icns` header, then one `type, length, PNG` element per entry. */
export function encodeIcns(entries: readonly { type: string; png: Buffer }[]): Buffer {
  const elements = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + elements.reduce((sum, element) => sum + element.length, 0), 4);
  return Buffer.concat([head, ...elements]);
}

async function main(): Promise<void> {
  const svg = await readFile(`${buildDir}icon.svg`, 'utf8');
  const chrome =
    process.env['JURY_CHROMIUM'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch(chrome === undefined ? {} : { executablePath: chrome });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const png = new Map<number, Buffer>();
    for (const size of PNG_SIZES) png.set(size, await renderPng(page, svg, size));
    const get = (size: number): Buffer => png.get(size) ?? Buffer.alloc(0);
    await mkdir(iconsDir, { recursive: true });
    for (const size of PNG_SIZES) await writeFile(`${iconsDir}${size}x${size}.png`, get(size));
    await writeFile(`${iconsDir}icon.png`, get(1024));
    await writeFile(`${iconsDir}icon.ico`, encodeIco(ICO_SIZES.map((size) => ({ size, png: get(size) }))));
    await writeFile(
      `${iconsDir}icon.icns`,
      encodeIcns(ICNS_TYPES.map(([type, size]) => ({ type, png: get(size) }))),
    );
    await mkdir(faviconDir, { recursive: true });
    await writeFile(
      `${faviconDir}favicon.ico`,
      encodeIco(FAVICON_SIZES.map((size) => ({ size, png: get(size) }))),
    );
    console.log(`wrote ${PNG_SIZES.length + 3} files to ${iconsDir} and favicon.ico to ${faviconDir}`);
  } finally {
    await browser.close();
  }
}

if (import.meta.main) await main();
