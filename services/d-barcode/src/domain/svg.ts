import type { Layout, TextRun } from './layout.js';
import type { RenderOptions } from './options.js';

/** `value` rounded to `decimals` places (half away from zero on the decimal digits), as a plain number. */
export function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** The module width printed: dots per module × 25.4 / dpi, in mm. */
export function actualXDimMm(options: Pick<RenderOptions, 'module_width' | 'dpi'>): number {
  return (options.module_width * 25.4) / options.dpi;
}

export const FONT_FAMILY = 'OCR-B, OCRB, monospace';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
}

/** All bars as one path: each a closed rectangle from y = 0, every edge on an integer module. */
export function barsPath(layout: Layout): string {
  let d = '';
  for (const bar of layout.bars) d += `M${bar.x} ${bar.y ?? 0}h${bar.width}v${bar.height}h-${bar.width}z`;
  return d;
}

function textElement(layout: Layout, color: string, preserveSpaces: boolean): string {
  if (!layout.text) return '';
  const { y, runs } = layout.text;
  const base = Math.max(...runs.map((run) => run.fontSize));
  const space = preserveSpaces ? ' xml:space="preserve"' : '';
  const open = (x: string) =>
    `<text${x} y="${y}" font-family="${FONT_FAMILY}" font-size="${base}" text-anchor="middle" fill="${color}"${space}>`;
  if (runs.length === 1 && runs[0]!.y === undefined)
    return `${open(` x="${runs[0]!.x.join(' ')}"`)}${escapeXml(runs[0]!.text)}</text>`;
  const tspan = (run: TextRun) =>
    `<tspan x="${run.x.join(' ')}"${run.y === undefined ? '' : ` y="${run.y}"`}${run.fontSize === base ? '' : ` font-size="${run.fontSize}"`}>` +
    `${escapeXml(run.text)}</tspan>`;
  return `${open('')}${runs.map(tspan).join('')}</text>`;
}

/**
 * The SVG document: coordinates in modules through the viewBox, scaled by `module_width` pixels per module
 * in `width`/`height` (with `x_dim_mm`: the actual module width in mm); one background rect, one path for every bar, the text (if any) last. Pure string
 * building from integers and validated colours, so the same input always gives the same bytes.
 */
export function renderSvg(
  layout: Layout,
  title: string,
  options: RenderOptions,
  preserveSpaces = false,
): string {
  const { width, height } = layout;
  const size = (modules: number) =>
    options.x_dim_mm === null
      ? String(modules * options.module_width)
      : `${roundTo(modules * actualXDimMm(options), 4)}mm`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size(width)}" ` +
    `height="${size(height)}" viewBox="0 0 ${width} ${height}" role="img" ` +
    `shape-rendering="crispEdges"><title>${escapeXml(title)}</title>` +
    `<rect width="${width}" height="${height}" fill="${options.background}"/>` +
    `<path fill="${options.color}" d="${barsPath(layout)}"/>` +
    textElement(layout, options.color, preserveSpaces) +
    '</svg>'
  );
}
