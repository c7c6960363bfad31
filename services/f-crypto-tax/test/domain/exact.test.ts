// No quantity or amount ever passes through a JavaScript number: 18-decimal quantities and prices far
// beyond 2^53, checked digit by digit against decimal.js (an independent decimal library).
import { Decimal as DecimalJs } from 'decimal.js';
import { expect, it } from 'vitest';
import { report, trade } from './helpers.js';

const D = DecimalJs.clone({ precision: 200, rounding: DecimalJs.ROUND_HALF_UP });
const cents = (value: DecimalJs) => value.toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP).toFixed(2);

it('18-decimal quantities and amounts beyond 2^53 keep every digit', () => {
  const amount = '123456789.123456789012345678';
  const price = '98765432109876543.21';
  const fee = '0.000000000000000001';
  const sold = '0.000000000000000007';
  const salePrice = '123456789012345678901.99';
  const result = report({
    trades: [
      trade('buy', 'WEI', amount, price, '2025-01-01', { fee }),
      trade('sell', 'WEI', sold, salePrice, '2025-02-01'),
    ],
  });
  const lotCost = new D(amount).times(price).plus(fee);
  const rowCost = lotCost.times(sold).div(amount);
  const proceeds = new D(sold).times(salePrice);
  expect(result.disposals[0]).toMatchObject({
    amount: sold,
    proceeds: cents(proceeds),
    cost_basis: cents(rowCost),
  });
  expect(result.holdings[0]!.amount).toBe(new D(amount).minus(sold).toFixed());
  expect(result.holdings[0]!.amount).toBe('123456789.123456789012345671');
  expect(result.holdings[0]!.cost_basis).toBe(cents(lotCost.minus(rowCost)));
  expect(result.holdings[0]!.cost_basis).toBe('12193263124676116324828531.43'); // Python's decimal agrees
  expect(result.disposals[0]).toMatchObject({ proceeds: '864.20', cost_basis: '0.69' });
});

it('JSON numbers are read as their shortest decimal (0.1 is 0.1), never as binary fractions', () => {
  const result = report({
    trades: [
      { type: 'buy', asset: 'BTC', amount: 0.1, price: 0.2, date: '2025-01-01' },
      { type: 'buy', asset: 'BTC', amount: 0.2, price: 0.1, date: '2025-01-01' },
      { type: 'sell', asset: 'BTC', amount: 0.3, price: 100, date: '2025-01-02' },
    ],
  });
  expect(result.holdings).toEqual([]);
  expect(result.summary).toMatchObject({ proceeds: '30.00', cost_basis: '0.04', gain: '29.96' });
  expect(result.disposals.map((d) => d.amount)).toEqual(['0.1', '0.2']);
});
