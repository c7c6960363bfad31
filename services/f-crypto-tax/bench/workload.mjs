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

export function trades(n) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const held = new Array(ASSETS.length).fill(0);
  const price = ASSETS.map((_, i) => 10 + i * 97.31);
  const start = Date.UTC(2020, 0, 1);
  const list = [];
  for (let i = 0; i < n; i++) {
    const a = Math.floor(random() * ASSETS.length);
    const base = 10 + a * 97.31;
    price[a] = Math.min(base * 10, Math.max(base / 10, price[a] * (0.97 + random() * 0.06)));
    const sell = held[a] > 2 && random() < 0.45;
    const amount = sell
      ? Math.floor(held[a] * random() * 0.5 * 1e6) / 1e6 || 0.000001
      : Math.floor((0.1 + random() * 5) * 1e6) / 1e6;
    held[a] += sell ? -amount : amount;
    list.push({
      type: sell ? 'sell' : 'buy',
      asset: ASSETS[a],
      amount: amount.toFixed(6),
      price: price[a].toFixed(2),
      date: new Date(start + i * 60_000).toISOString(),
      fee: (random() * 3).toFixed(2),
    });
  }
  return list;
}

export function csv(list) {
  const lines = ['type,asset,amount,price,date,fee'];
  for (const t of list) lines.push(`${t.type},${t.asset},${t.amount},${t.price},${t.date},${t.fee}`);
  return `${lines.join('\n')}\n`;
}
