// A realistic trade history: n trades over 20 assets, a buy for every sale and then some, prices
// wandering, fees on most trades, one trade a minute from 2020 on. Deterministic (a fixed LCG).
const ASSETS = [
  'BTC',
  'ETH',
  'SOL',
  'ADA',
  'XRP',
  'DOT',
  'DOGE',
  'AVAX',
  'LINK',
  'MATIC',
  'LTC',
  'ATOM',
  'UNI',
  'XLM',
  'ALGO',
  'NEAR',
  'FIL',
  'AAVE',
  'ETC',
  'TRX',
];

const WALLETS = ['exchange', 'ledger', 'phone'];
const KINDS = ['staking', 'mining', 'airdrop', 'interest', 'reward'];

/**
 * n trades. `mixed`: also transfers between three wallets (about 10 %, a fee on half of them, sold at
 * fee_price on half of those) and income (about 8 %), every trade in a wallet and never one that gives
 * more than it holds, so the same history is valid under universal and per-wallet pooling.
 */
export function trades(n, { mixed = false } = {}) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const held = ASSETS.map(() => WALLETS.map(() => 0));
  const price = ASSETS.map((_, i) => 10 + i * 97.31);
  const start = Date.UTC(2020, 0, 1);
  const list = [];
  for (let i = 0; i < n; i++) {
    const a = Math.floor(random() * ASSETS.length);
    const base = 10 + a * 97.31;
    price[a] = Math.min(base * 10, Math.max(base / 10, price[a] * (0.97 + random() * 0.06)));
    const w = mixed ? Math.floor(random() * WALLETS.length) : 0;
    const date = new Date(start + i * 60_000).toISOString();
    const roll = random();
    if (mixed && roll < 0.1 && held[a][w] > 2) {
      const to = (w + 1 + Math.floor(random() * 2)) % WALLETS.length;
      const amount = Math.floor(held[a][w] * random() * 0.5 * 1e6) / 1e6 || 0.000001;
      const fee = random() < 0.5 ? Math.floor(random() * 1000) / 1e6 : 0;
      held[a][w] -= amount + fee;
      held[a][to] += amount;
      list.push({
        type: 'transfer',
        asset: ASSETS[a],
        amount: amount.toFixed(6),
        date,
        from_wallet: WALLETS[w],
        to_wallet: WALLETS[to],
        ...(fee > 0 ? { fee: fee.toFixed(6) } : {}),
        ...(fee > 0 && random() < 0.5 ? { fee_price: price[a].toFixed(2) } : {}),
      });
      continue;
    }
    if (mixed && roll < 0.18) {
      const amount = Math.floor((0.01 + random() * 0.5) * 1e6) / 1e6;
      held[a][w] += amount;
      list.push({
        type: 'income',
        income_kind: KINDS[Math.floor(random() * KINDS.length)],
        asset: ASSETS[a],
        amount: amount.toFixed(6),
        price: price[a].toFixed(2),
        date,
        wallet: WALLETS[w],
      });
      continue;
    }
    const sell = held[a][w] > 2 && random() < 0.45;
    const amount = sell
      ? Math.floor(held[a][w] * random() * 0.5 * 1e6) / 1e6 || 0.000001
      : Math.floor((0.1 + random() * 5) * 1e6) / 1e6;
    held[a][w] += sell ? -amount : amount;
    list.push({
      type: sell ? 'sell' : 'buy',
      asset: ASSETS[a],
      amount: amount.toFixed(6),
      price: price[a].toFixed(2),
      date,
      fee: (random() * 3).toFixed(2),
      ...(mixed ? { wallet: WALLETS[w] } : {}),
    });
  }
  return list;
}

const COLUMNS = ['type', 'asset', 'amount', 'price', 'date', 'fee'];
const MIXED_COLUMNS = [...COLUMNS, 'wallet', 'from_wallet', 'to_wallet', 'fee_price', 'income_kind'];

/** The native CSV of a list (with the transfer and income columns when any trade needs them). */
export function csv(list) {
  const columns = list.some((t) => t.type === 'transfer' || t.type === 'income') ? MIXED_COLUMNS : COLUMNS;
  const lines = [columns.join(',')];
  for (const t of list) lines.push(columns.map((c) => t[c] ?? '').join(','));
  return `${lines.join('\n')}\n`;
}
