// GB totals: by asset and by tax year (6 April), gains and losses apart, as SA108 asks.
import { describe, expect, it } from 'vitest';
import { matchUk, roundUk, ukSummaryJson } from '../../src/domain/uk/index.js';
import { buy, sell } from './uk-helpers.js';

describe('ukSummaryJson', () => {
  it('sums the rounded rows by asset and tax year', () => {
    const { disposals } = matchUk(
      [
        buy('TKN', '2000', '1000', '2023-01-10'),
        sell('TKN', '1000', '400', '2024-03-31'),
        sell('TKN', '500', '150', '2024-04-20'),
        buy('TKN', '700', '175', '2024-04-21'),
        buy('TKN', '500', '100', '2024-04-28'),
        buy('TKN', '500', '150', '2024-05-01'),
        buy('ABC', '3', '100', '2023-01-01'),
        sell('ABC', '1', '10', '2024-04-05T22:30:00Z'),
        sell('ABC', '1', '0', '2024-04-06'),
      ],
      'error',
    );
    // ABC: 3 for 100, each unit sold costs 33.33 (the pool kept exact: 33.333…, then 33.333… again).
    const summary = ukSummaryJson(disposals.map(roundUk));
    expect(Object.keys(summary.by_asset)).toEqual(['ABC', 'TKN']);
    expect(summary).toEqual({
      disposals: 4,
      proceeds: '560.00',
      cost_basis: '431.66',
      gain: '128.34',
      gains: '185.00',
      losses: '-56.66',
      by_asset: {
        ABC: {
          disposals: 2,
          proceeds: '10.00',
          cost_basis: '66.66',
          gain: '-56.66',
          gains: '0.00',
          losses: '-56.66',
        },
        TKN: {
          disposals: 2,
          proceeds: '550.00',
          cost_basis: '365.00',
          gain: '185.00',
          gains: '185.00',
          losses: '0.00',
        },
      },
      by_year: {
        '2023': {
          disposals: 2,
          proceeds: '410.00',
          cost_basis: '268.33',
          gain: '141.67',
          gains: '165.00',
          losses: '-23.33',
          annual_exempt_amount: '6000.00',
          taxable_gain: '0.00',
          sa108: {
            disposals: 2,
            proceeds: '410.00',
            allowable_costs: '268.33',
            gains: '165.00',
            losses: '23.33',
          },
        },
        '2024': {
          disposals: 2,
          proceeds: '150.00',
          cost_basis: '163.33',
          gain: '-13.33',
          gains: '20.00',
          losses: '-33.33',
          annual_exempt_amount: '3000.00',
          taxable_gain: '0.00',
          sa108: {
            disposals: 2,
            proceeds: '150.00',
            allowable_costs: '163.33',
            gains: '20.00',
            losses: '33.33',
          },
          rate_periods: [
            {
              from: '2024-04-06',
              to: '2024-10-29',
              basic_rate: '0.10',
              higher_rate: '0.20',
              disposals: 2,
              proceeds: '150.00',
              cost_basis: '163.33',
              gain: '-13.33',
              gains: '20.00',
              losses: '-33.33',
            },
            {
              from: '2024-10-30',
              to: '2025-04-05',
              basic_rate: '0.18',
              higher_rate: '0.24',
              disposals: 0,
              proceeds: '0.00',
              cost_basis: '0.00',
              gain: '0.00',
              gains: '0.00',
              losses: '0.00',
            },
          ],
        },
      },
    });
  });

  it('no disposals: zeros and empty groups', () => {
    expect(ukSummaryJson([])).toEqual({
      disposals: 0,
      proceeds: '0.00',
      cost_basis: '0.00',
      gain: '0.00',
      gains: '0.00',
      losses: '0.00',
      by_asset: {},
      by_year: {},
    });
  });
});
