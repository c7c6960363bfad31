/**
 * ISO 4217 currency codes (list one, as of 2026), plus codes withdrawn since 2023 that old trade
 * histories still carry (ANG, HRK, SLL). A CSV row with a fiat side is a buy or a sell; a row with
 * none is crypto-to-crypto. The base currency must be one of these: USDT and USDC are assets.
 */
const CODES =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD ' +
  'CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD ' +
  'GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD ' +
  'KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK ' +
  'NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS ' +
  'SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF ' +
  'XCD XCG XOF XPF YER ZAR ZMW ZWG';

const FIAT = new Set(CODES.split(' '));

export function isFiat(code: string): boolean {
  return FIAT.has(code);
}
