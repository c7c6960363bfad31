/**
 * GS1 Application Identifiers (GS1 General Specifications §3 and the GS1 Barcode Syntax Dictionary): the
 * spec's table. `N` digits, `X` characters of GS1 set 82; `min`–`max` characters; `csum` the last digit is a
 * GS1 check digit; `date` YYMMDD; `fixed` the AI is in the table of predefined lengths (no FNC1 after it).
 */
export interface AiFormat {
  kind: 'N' | 'X';
  min: number;
  max: number;
  csum: boolean;
  date: boolean;
  fixed: boolean;
}

const n = (length: number, fixed: boolean, extra: Partial<AiFormat> = {}): AiFormat => ({
  kind: 'N',
  min: length,
  max: length,
  csum: false,
  date: false,
  fixed,
  ...extra,
});
const upTo = (kind: 'N' | 'X', max: number): AiFormat => ({
  kind,
  min: 1,
  max,
  csum: false,
  date: false,
  fixed: false,
});

/** AI → format. */
export const AI_TABLE: ReadonlyMap<string, AiFormat> = (() => {
  const table = new Map<string, AiFormat>();
  const add = (ais: string[], format: AiFormat) => {
    for (const ai of ais) table.set(ai, format);
  };
  const range = (prefix: string, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, k) => `${prefix}${from + k}`);
  add(['00'], n(18, true, { csum: true }));
  add(['01', '02'], n(14, true, { csum: true }));
  add(['10'], upTo('X', 20));
  add(['11', '12', '13', '15', '16', '17'], n(6, true, { date: true }));
  add(['20'], n(2, true));
  add(['21', '22'], upTo('X', 20));
  add(['235'], upTo('X', 28));
  add(['240', '241', '250'], upTo('X', 30));
  add(['30', '37'], upTo('N', 8));
  add([...range('310', 0, 5), ...range('320', 0, 5), ...range('330', 0, 5)], n(6, true));
  add([...range('390', 0, 9), ...range('392', 0, 9)], upTo('N', 15));
  add(['400', '401', '403'], upTo('X', 30));
  add(['402'], n(17, false, { csum: true }));
  add(range('41', 0, 5), n(13, true, { csum: true }));
  add(['420'], upTo('X', 20));
  add(['8005'], n(6, false));
  add(['8020'], upTo('X', 25));
  add(['90'], upTo('X', 30));
  add(range('9', 1, 9), upTo('X', 90));
  return table;
})();
