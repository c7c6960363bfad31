// The worked examples of the spec's "Next II" (derived by hand), as request bodies and the answers they
// must give, shared by the domain tests and the REST, /csv and MCP tests.

const t = (
  id: string,
  type: 'buy' | 'sell',
  amount: string,
  price: string,
  date: string,
  wallet: string,
  extra: Record<string, string> = {},
) => ({ id, type, asset: 'BTC', amount, price, date, wallet, ...extra });

/** US: b1 in cb, b2 in ledger, half of it moved to cb; s1, s2 from cb, s3 from ledger; three 1099-DA rows. */
export const US_EXAMPLE = {
  jurisdiction: 'US',
  trades: [
    t('b1', 'buy', '1', '40000', '2024-03-01', 'cb', { fee: '40' }),
    t('b2', 'buy', '1', '60000', '2025-02-01', 'ledger'),
    {
      id: 'm1',
      type: 'transfer',
      asset: 'BTC',
      amount: '0.5',
      date: '2025-03-01',
      from_wallet: 'ledger',
      to_wallet: 'cb',
    },
    t('s1', 'sell', '0.5', '90000', '2025-04-01', 'cb', { fee: '45' }),
    t('s2', 'sell', '0.6', '100000', '2025-06-01', 'cb'),
    t('s3', 'sell', '0.2', '100000', '2025-07-01', 'ledger'),
  ],
  form_1099da: [
    { id: 's1', date: '2025-04-01', asset: 'BTC', units: '0.5', proceeds: '45000' },
    { id: 'cb-77', date: '2025-06-01', asset: 'BTC', units: '0.6', proceeds: '60000', cost_basis: '26000' },
    { id: 'cb-99', date: '2025-08-15', asset: 'BTC', units: '0.1', proceeds: '11000' },
  ],
};

/** The same trades as a native CSV (the 1099-DA rows go beside it as a JSON field). */
export const US_EXAMPLE_CSV = [
  'id,type,asset,amount,price,date,fee,wallet,from_wallet,to_wallet',
  'b1,buy,BTC,1,40000,2024-03-01,40,cb,,',
  'b2,buy,BTC,1,60000,2025-02-01,,ledger,,',
  'm1,transfer,BTC,0.5,,2025-03-01,,,ledger,cb',
  's1,sell,BTC,0.5,90000,2025-04-01,45,cb,,',
  's2,sell,BTC,0.6,100000,2025-06-01,,cb,,',
  's3,sell,BTC,0.2,100000,2025-07-01,,ledger,,',
  '',
].join('\n');

export const US_ROWS = [
  ['s1', '0.5', '2024-03-01', 'long', 'K', '44955.00', '20020.00', '24935.00'],
  ['s2', '0.5', '2024-03-01', 'long', 'J', '50000.00', '20020.00', '29980.00'],
  ['s2', '0.1', '2025-02-01', 'short', 'G', '10000.00', '6000.00', '4000.00'],
  ['s3', '0.2', '2025-02-01', 'short', 'I', '20000.00', '12000.00', '8000.00'],
];

export const US_BY_BOX = {
  G: { proceeds: '10000.00', cost_basis: '6000.00', gain: '4000.00' },
  I: { proceeds: '20000.00', cost_basis: '12000.00', gain: '8000.00' },
  J: { proceeds: '50000.00', cost_basis: '20020.00', gain: '29980.00' },
  K: { proceeds: '44955.00', cost_basis: '20020.00', gain: '24935.00' },
};

export const US_RECONCILIATION = {
  matched: [
    {
      row: 0,
      id: 's1',
      trade_id: 's1',
      matched_by: 'id',
      proceeds: { reported: '45000.00', computed: '44955.00', difference: '45.00', reason: 'fee_treatment' },
      cost_basis: { reported: null, computed: '20020.00', difference: null, reason: 'basis_not_reported' },
    },
    {
      row: 1,
      id: 'cb-77',
      trade_id: 's2',
      matched_by: 'day_units',
      proceeds: { reported: '60000.00', computed: '60000.00', difference: '0.00', reason: null },
      cost_basis: {
        reported: '26000.00',
        computed: '26020.00',
        difference: '-20.00',
        reason: 'transferred_in',
      },
    },
  ],
  unmatched_rows: [
    { row: 2, id: 'cb-99', asset: 'BTC', date: '2025-08-15', units: '0.1', proceeds: '11000.00' },
  ],
  unmatched_disposals: [
    { trade_id: 's3', asset: 'BTC', date_sold: '2025-07-01', amount: '0.2', proceeds: '20000.00' },
  ],
  totals: {
    proceeds: {
      reported: '116000.00',
      computed: '124955.00',
      difference: '-8955.00',
      matched_difference: '45.00',
      unmatched_rows: '11000.00',
      unmatched_disposals: '20000.00',
    },
    cost_basis: { reported: '26000.00', computed: '26020.00', difference: '-20.00' },
  },
};

/** The 8949 CSV of the US example: short-term G then I, long-term J then K. */
export const US_8949 = [
  'Description,Date Acquired,Date Sold,Proceeds,Cost Basis,Gain or Loss,Term,Box',
  '0.1 BTC,02/01/2025,06/01/2025,10000.00,6000.00,4000.00,Short-term,G',
  '0.2 BTC,02/01/2025,07/01/2025,20000.00,12000.00,8000.00,Short-term,I',
  '0.5 BTC,03/01/2024,06/01/2025,50000.00,20020.00,29980.00,Long-term,J',
  '0.5 BTC,03/01/2024,04/01/2025,44955.00,20020.00,24935.00,Long-term,K',
  '',
].join('\r\n');

const eth = (type: 'buy' | 'sell', amount: string, price: string, date: string, fee?: string) => ({
  type,
  asset: 'ETH',
  amount,
  price,
  date,
  ...(fee === undefined ? {} : { fee }),
});

/** GB: ETH bought once, sold five times across 30 October 2024 and 5/6 April 2025. */
export const GB_EXAMPLE = {
  jurisdiction: 'GB',
  trades: [
    eth('buy', '10', '2000', '2024-05-01', '20'),
    eth('sell', '2', '2500', '2024-09-10', '10'),
    eth('sell', '3', '1500', '2024-10-29T23:30:00Z'),
    eth('sell', '2', '3000', '2024-10-30'),
    eth('sell', '1', '4000', '2025-04-05'),
    eth('sell', '1', '4000', '2025-04-06'),
  ],
};

const ukTotals = (
  disposals: number,
  proceeds: string,
  cost: string,
  gains: string,
  losses: string,
  gain: string,
) => ({
  disposals,
  proceeds,
  cost_basis: cost,
  gain,
  gains,
  losses,
});

/** `summary.by_year` of the GB example (BittyTax 287c4b4 agrees on every figure). */
export const GB_BY_YEAR = {
  '2024': {
    ...ukTotals(4, '19490.00', '16016.00', '4980.00', '-1506.00', '3474.00'),
    annual_exempt_amount: '3000.00',
    taxable_gain: '474.00',
    sa108: {
      disposals: 4,
      proceeds: '19500.00',
      allowable_costs: '16026.00',
      gains: '4980.00',
      losses: '1506.00',
    },
    rate_periods: [
      {
        from: '2024-04-06',
        to: '2024-10-29',
        basic_rate: '0.10',
        higher_rate: '0.20',
        ...ukTotals(2, '9490.00', '10010.00', '986.00', '-1506.00', '-520.00'),
      },
      {
        from: '2024-10-30',
        to: '2025-04-05',
        basic_rate: '0.18',
        higher_rate: '0.24',
        ...ukTotals(2, '10000.00', '6006.00', '3994.00', '0.00', '3994.00'),
      },
    ],
  },
  '2025': {
    ...ukTotals(1, '4000.00', '2002.00', '1998.00', '0.00', '1998.00'),
    annual_exempt_amount: '3000.00',
    taxable_gain: '0.00',
    sa108: {
      disposals: 1,
      proceeds: '4000.00',
      allowable_costs: '2002.00',
      gains: '1998.00',
      losses: '0.00',
    },
  },
};
