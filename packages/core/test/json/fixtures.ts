/**
 * RFC 8785 reference data, copied from the cyberphone test suite (json-canonicalization/testdata)
 * and the shared vector set, so tests never read outside the package at run time.
 */

export interface CanonicalVector {
  name: string;
  input: string;
  canonical: string;
  /** UTF-8 length of `canonical`. */
  bytes: number;
  /** SHA-256 of the UTF-8 of `canonical`, hex. */
  sha256: string;
}

/** The six cyberphone files: input text and byte-exact expected output. */
export const CYBERPHONE: Record<string, { input: string; output: string }> = {
  arrays: {
    input: '[\n  56,\n  {\n    "d": true,\n    "10": null,\n    "1": [ ]\n  }\n]\n',
    output: '[56,{"1":[],"10":null,"d":true}]',
  },
  french: {
    input:
      '{\n  "peach": "This sorting order",\n  "péché": "is wrong according to French",\n  "pêche": "but canonicalization MUST",\n  "sin":   "ignore locale"\n}\n',
    output:
      '{"peach":"This sorting order","péché":"is wrong according to French","pêche":"but canonicalization MUST","sin":"ignore locale"}',
  },
  structures: {
    input:
      '{\n  "1": {"f": {"f": "hi","F": 5} ,"\\n": 56.0},\n  "10": { },\n  "": "empty",\n  "a": { },\n  "111": [ {"e": "yes","E": "no" } ],\n  "A": { }\n}',
    output:
      '{"":"empty","1":{"\\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{"E":"no","e":"yes"}],"A":{},"a":{}}',
  },
  unicode: {
    input: '{\n  "Unnormalized Unicode":"A\\u030a"\n}\n',
    output: '{"Unnormalized Unicode":"Å"}',
  },
  values: {
    input:
      '{\n  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n  "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n  "literals": [null, true, false]\n}',
    output:
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
  },
  weird: {
    input:
      '{\n  "\\u20ac": "Euro Sign",\n  "\\r": "Carriage Return",\n  "\\u000a": "Newline",\n  "1": "One",\n  "\\u0080": "Control\\u007f",\n  "\\ud83d\\ude02": "Smiley",\n  "\\u00f6": "Latin Small Letter O With Diaeresis",\n  "\\ufb33": "Hebrew Letter Dalet With Dagesh",\n  "</script>": "Browser Challenge"\n}\n',
    output:
      '{"\\n":"Newline","\\r":"Carriage Return","1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😂":"Smiley","דּ":"Hebrew Letter Dalet With Dagesh"}',
  },
};

/** Positive vectors (the cyberphone six and extras). The policy-dependent `[9007199254740993]` one is
 * left out: our parser rejects it (422 number_out_of_range). */
export const POSITIVE: CanonicalVector[] = [
  {
    name: 'cyberphone/arrays',
    input: '[\n  56,\n  {\n    "d": true,\n    "10": null,\n    "1": [ ]\n  }\n]\n',
    canonical: '[56,{"1":[],"10":null,"d":true}]',
    bytes: 32,
    sha256: '099601b171cafed97c333f8878d68e7f8c8f795412adb34b2fdcf0e7c7beac42',
  },
  {
    name: 'cyberphone/french',
    input:
      '{\n  "peach": "This sorting order",\n  "péché": "is wrong according to French",\n  "pêche": "but canonicalization MUST",\n  "sin":   "ignore locale"\n}\n',
    canonical:
      '{"peach":"This sorting order","péché":"is wrong according to French","pêche":"but canonicalization MUST","sin":"ignore locale"}',
    bytes: 130,
    sha256: 'd99d0ebdcb0033cb858cfa830ae46bc0fb3309413b271f1da828c89901a27ed5',
  },
  {
    name: 'cyberphone/structures',
    input:
      '{\n  "1": {"f": {"f": "hi","F": 5} ,"\\n": 56.0},\n  "10": { },\n  "": "empty",\n  "a": { },\n  "111": [ {"e": "yes","E": "no" } ],\n  "A": { }\n}',
    canonical:
      '{"":"empty","1":{"\\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{"E":"no","e":"yes"}],"A":{},"a":{}}',
    bytes: 98,
    sha256: '605f65004ec2db7692522a0852c22f1c989e036d547e88963d1a3143cf3195d5',
  },
  {
    name: 'cyberphone/unicode',
    input: '{\n  "Unnormalized Unicode":"A\\u030a"\n}\n',
    canonical: '{"Unnormalized Unicode":"Å"}',
    bytes: 30,
    sha256: '0d99aad92a125196ff887876643fd3206786a84ddce2cee52ba4ad256d2381d3',
  },
  {
    name: 'cyberphone/values',
    input:
      '{\n  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n  "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",\n  "literals": [null, true, false]\n}',
    canonical:
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    bytes: 118,
    sha256: '2d5e01a318d0f0879ab568c4be289c8b1f64ef8921a53c6277d5e069978baacb',
  },
  {
    name: 'cyberphone/weird',
    input:
      '{\n  "\\u20ac": "Euro Sign",\n  "\\r": "Carriage Return",\n  "\\u000a": "Newline",\n  "1": "One",\n  "\\u0080": "Control\\u007f",\n  "\\ud83d\\ude02": "Smiley",\n  "\\u00f6": "Latin Small Letter O With Diaeresis",\n  "\\ufb33": "Hebrew Letter Dalet With Dagesh",\n  "</script>": "Browser Challenge"\n}\n',
    canonical:
      '{"\\n":"Newline","\\r":"Carriage Return","1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😂":"Smiley","דּ":"Hebrew Letter Dalet With Dagesh"}',
    bytes: 214,
    sha256: '6af595a9aa80110b964b4de3f82a05fa6ae7423005019bacfa2620dddc4e94d1',
  },
  {
    name: 'rfc8785-3.2.3-sorting',
    input:
      '{\n  "\\u20ac": "Euro Sign",\n  "\\r": "Carriage Return",\n  "\\ufb33": "Hebrew Letter Dalet With Dagesh",\n  "1": "One",\n  "\\ud83d\\ude00": "Emoji: Grinning Face",\n  "\\u0080": "Control",\n  "\\u00f6": "Latin Small Letter O With Diaeresis"\n}',
    canonical:
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","דּ":"Hebrew Letter Dalet With Dagesh"}',
    bytes: 180,
    sha256: '5e321556d22018a9656991a9e94f77ec175fa193e52a2429d312f8419ec8b08c',
  },
  {
    name: 'readme-erdtman-normal',
    input: '{"from_account":"543 232 625-3","to_account":"321 567 636-4","amount":500,"currency":"USD"}',
    canonical: '{"amount":500,"currency":"USD","from_account":"543 232 625-3","to_account":"321 567 636-4"}',
    bytes: 91,
    sha256: '1a21ed7b9261e07f82f08a12bdc999747f57da6291a6e39ce8e2a767c669acf4',
  },
  {
    name: 'negative-zero',
    input: '[-0, -0.0, 0e10, -0E-5]',
    canonical: '[0,0,0,0]',
    bytes: 9,
    sha256: '1c10b03518fff8fc374a20bbf5107c66496656bec0662d6c6db123d4a898f121',
  },
  {
    name: 'exponent-forms',
    input:
      '[1E30, 1e+30, 10e29, 1e21, 1e20, 123456789012345678901234567890, 0.000001, 0.0000001, 1e-7, 5e-324, 1.7976931348623157e308]',
    canonical:
      '[1e+30,1e+30,1e+30,1e+21,100000000000000000000,1.2345678901234568e+29,0.000001,1e-7,1e-7,5e-324,1.7976931348623157e+308]',
    bytes: 120,
    sha256: '75204b9301f352e1380625888f307f7c83e8a177e843a5da71889fb1327280c3',
  },
  {
    name: 'appendix-b-decimal-inputs',
    input:
      '[9007199254740992, -9007199254740992, 295147905179352825856, 1e23, 999999999999999700000, 333333333.33333329, -0.0000033333333333333333, 1424953923781206.25]',
    canonical:
      '[9007199254740992,-9007199254740992,295147905179352830000,1e+23,999999999999999700000,333333333.3333333,-0.0000033333333333333333,1424953923781206.2]',
    bytes: 149,
    sha256: 'b8918504a80acacd47499fee226fa1ed30ee708a816cb42409a6ebb128cbcd95',
  },
  {
    name: 'string-escapes',
    input:
      '["\\u0000\\u0001\\u001f\\u007f\\u2028\\u2029\\/\\"\\\\\\b\\f\\n\\r\\t", "\\uD83D\\uDE00", "</script>"]',
    canonical: '["\\u0000\\u0001\\u001f\u007f\u2028\u2029/\\"\\\\\\b\\f\\n\\r\\t","😀","</script>"]',
    bytes: 63,
    sha256: '955fc0c4c57167ddeb123a8da7cfe8fbd203c3969c37b1a3feac5d257975f6bc',
  },
  {
    name: 'scalars-top-level-string',
    input: '"hello"',
    canonical: '"hello"',
    bytes: 7,
    sha256: '5aa762ae383fbb727af3c7a36d4940a5b8c40a989452d2304fc958ff3f354e7a',
  },
  {
    name: 'scalars-top-level-number',
    input: '4.50',
    canonical: '4.5',
    bytes: 3,
    sha256: '32209ccbf8a8e509b9027698cc173343a2695e8ecdbe899bf5335a3100c956fc',
  },
  {
    name: 'scalars-top-level-null',
    input: 'null',
    canonical: 'null',
    bytes: 4,
    sha256: '74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b',
  },
  {
    name: 'empty-containers',
    input: '{"a":[],"b":{},"":[{}]}',
    canonical: '{"":[{}],"a":[],"b":{}}',
    bytes: 23,
    sha256: '62531b683eee759b548ea5caf99a7f63174a8c40c2deee87105fa6804b96bb29',
  },
  {
    name: 'proto-key',
    input: '{"__proto__":{"x":1},"a":1}',
    canonical: '{"__proto__":{"x":1},"a":1}',
    bytes: 27,
    sha256: '16f0a6f5823c7470398e5edfba59dfbde97abf692bcffed62a946ee9587d1271',
  },
  {
    name: 'toJSON-key',
    input: '{"toJSON":1,"b":2,"a":1}',
    canonical: '{"a":1,"b":2,"toJSON":1}',
    bytes: 24,
    sha256: 'f92eb79fb82ee05317ccb36e9cbc912aa3f1f0753d81711a505881835fb72264',
  },
];
