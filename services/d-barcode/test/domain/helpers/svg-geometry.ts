import { expect } from 'vitest';

/** One bar read back from the SVG path, in module units. */
export interface ParsedBar {
  x: number;
  width: number;
  height: number;
}

export interface ParsedSvg {
  widthPx: number;
  heightPx: number;
  /** viewBox width and height (modules). */
  w: number;
  h: number;
  background: string;
  color: string;
  bars: ParsedBar[];
  title: string;
  /** The text element's content with tags removed and entities decoded; null without a <text>. */
  text: string | null;
}

function attribute(tag: string, name: string): string {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  if (!match) throw new Error(`no ${name} in ${tag}`);
  return match[1]!;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * Reads our SVG back and checks its fixed structure on the way: one root with a viewBox, one background
 * rect covering it, one path whose every subpath is an axis-aligned rectangle from y = 0 with integer
 * edges, at most one text element.
 */
export function parseSvg(svg: string): ParsedSvg {
  const root = /^<svg [^>]*>/.exec(svg)![0];
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(attribute(root, 'xmlns')).toBe('http://www.w3.org/2000/svg');
  expect(attribute(root, 'role')).toBe('img');
  expect(attribute(root, 'shape-rendering')).toBe('crispEdges');
  const [x0, y0, w, h] = attribute(root, 'viewBox').split(' ').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  expect([x0, y0]).toEqual([0, 0]);
  const rects = svg.match(/<rect [^>]*\/>/g) ?? [];
  expect(rects).toHaveLength(1);
  expect(Number(attribute(rects[0]!, 'width'))).toBe(w);
  expect(Number(attribute(rects[0]!, 'height'))).toBe(h);
  const paths = svg.match(/<path [^>]*\/>/g) ?? [];
  expect(paths).toHaveLength(1);
  const d = attribute(paths[0]!, 'd');
  const bars: ParsedBar[] = [];
  const subpath = /M(\d+) 0h(\d+)v(\d+)h-(\d+)z/y;
  while (subpath.lastIndex < d.length) {
    const match = subpath.exec(d);
    if (!match)
      throw new Error(`unexpected path data at ${subpath.lastIndex}: ${d.slice(subpath.lastIndex)}`);
    const [, x, width, height, back] = match.map(Number) as number[];
    expect(back).toBe(width);
    bars.push({ x: x!, width: width!, height: height! });
  }
  const texts = svg.match(/<text[\s\S]*?<\/text>/g) ?? [];
  expect(texts.length).toBeLessThanOrEqual(1);
  return {
    widthPx: Number(attribute(root, 'width')),
    heightPx: Number(attribute(root, 'height')),
    w,
    h,
    background: attribute(rects[0]!, 'fill'),
    color: attribute(paths[0]!, 'fill'),
    bars,
    title: decodeEntities(/<title>([\s\S]*?)<\/title>/.exec(svg)![1]!),
    text: texts[0] ? decodeEntities(texts[0].replace(/<[^>]*>/g, '')) : null,
  };
}

/** The dark/light modules between `from` and `to` (exclusive) as a `0`/`1` string. */
export function modulesOf(bars: readonly ParsedBar[], from: number, to: number): string {
  const modules = Array.from({ length: to - from }, () => '0');
  for (const bar of bars) {
    if (bar.x < from || bar.x + bar.width > to) throw new Error(`bar at ${bar.x} outside ${from}–${to}`);
    for (let x = bar.x; x < bar.x + bar.width; x++) modules[x - from] = '1';
  }
  return modules.join('');
}

/** The height of the bar covering module `x`, or 0 for a light module. */
export function heightAt(bars: readonly ParsedBar[], x: number): number {
  return bars.find((bar) => x >= bar.x && x < bar.x + bar.width)?.height ?? 0;
}

/** One rectangle of the bar path, any y and fractional edges allowed (the GS1 family, ITF-14's bearers). */
export interface ParsedRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every rectangle of the one bar path, in order. */
export function parseRects(svg: string): ParsedRect[] {
  const d = /<path [^>]*\sd="([^"]*)"/.exec(svg)![1]!;
  const rects: ParsedRect[] = [];
  const subpath = /M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-([\d.]+)z/y;
  while (subpath.lastIndex < d.length) {
    const match = subpath.exec(d);
    if (!match) throw new Error(`unexpected path data at ${subpath.lastIndex}`);
    const [, x, y, width, height, back] = match.map(Number) as number[];
    expect(back).toBe(width);
    rects.push({ x: x!, y: y!, width: width!, height: height! });
  }
  return rects;
}

/** The modules `from`–`to` of the rectangles that start at y = `y`, as a `0`/`1` string (whole modules). */
export function modulesAt(rects: readonly ParsedRect[], from: number, to: number, y = 0): string {
  return modulesOf(
    rects.filter((rect) => rect.y === y),
    from,
    to,
  );
}
