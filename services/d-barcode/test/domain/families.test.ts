// Which symbologies are the EAN/UPC family (guard bars that descend below the others, retail print
// rules), checked for every type there is, so a new type has to be placed on purpose.
import { describe, expect, it } from 'vitest';
import { bandBelowBars, GUARD_DESCENT } from '../../src/domain/geometry.js';
import { BARCODE_TYPE_NAMES, isEanUpc, LINEAR_TYPES } from '../../src/domain/index.js';

const EAN_UPC = ['ean13', 'upca', 'ean8', 'upce'];

describe('the EAN/UPC family', () => {
  it('is exactly EAN-13, UPC-A, EAN-8 and UPC-E', () => {
    expect(BARCODE_TYPE_NAMES.filter((type) => isEanUpc(type)).sort()).toEqual([...EAN_UPC].sort());
    for (const type of BARCODE_TYPE_NAMES) expect(isEanUpc(type), type).toBe(EAN_UPC.includes(type));
  });

  it('leaves room below the bars for the guard descent without text, and nothing for the others', () => {
    expect(GUARD_DESCENT).toBeGreaterThan(0);
    for (const type of LINEAR_TYPES) {
      expect(bandBelowBars(type, false), type).toBe(EAN_UPC.includes(type) ? GUARD_DESCENT : 0);
    }
  });
});
