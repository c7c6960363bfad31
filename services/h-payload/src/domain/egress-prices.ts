// Internet egress list prices, USD per GB (GB = 10^9 bytes), as of 2025-12, from each provider's
// public pricing page. Region groups: us, eu, ap, sa, af, me.

export const PRICES_AS_OF = '2025-12-01';

export const PROVIDERS = ['aws', 'gcp', 'azure'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const REGION_GROUPS = ['us', 'eu', 'ap', 'sa', 'af', 'me'] as const;
export type RegionGroup = (typeof REGION_GROUPS)[number];

/** A band: `upTo` GB (cumulative, null = open) at `price` per GB. */
export interface Band {
  upTo: number | null;
  price: string;
}

interface ProviderPrices {
  name: string;
  source: string;
  /** The first GB of the first band that are free each month. */
  freeGb: number;
  bands: Record<RegionGroup, Band[]>;
}

const flat = (price: string): Band[] => [{ upTo: null, price }];

export const EGRESS: Record<Provider, ProviderPrices> = {
  aws: {
    name: 'AWS (EC2 data transfer out to the internet)',
    source: 'https://aws.amazon.com/ec2/pricing/on-demand/#Data_Transfer',
    freeGb: 100,
    bands: {
      us: [
        { upTo: 10_000, price: '0.09' },
        { upTo: 50_000, price: '0.085' },
        { upTo: 150_000, price: '0.07' },
        { upTo: null, price: '0.05' },
      ],
      eu: [
        { upTo: 10_000, price: '0.09' },
        { upTo: 50_000, price: '0.085' },
        { upTo: 150_000, price: '0.07' },
        { upTo: null, price: '0.05' },
      ],
      ap: flat('0.114'),
      sa: flat('0.15'),
      af: flat('0.154'),
      me: flat('0.117'),
    },
  },
  gcp: {
    name: 'Google Cloud (premium tier internet egress)',
    source: 'https://cloud.google.com/vpc/network-pricing#internet_egress',
    freeGb: 0,
    bands: {
      us: flat('0.12'),
      eu: flat('0.12'),
      ap: flat('0.12'),
      sa: flat('0.12'),
      af: flat('0.12'),
      me: flat('0.12'),
    },
  },
  azure: {
    name: 'Azure (bandwidth, internet egress, Microsoft premium network)',
    source: 'https://azure.microsoft.com/pricing/details/bandwidth/',
    freeGb: 100,
    bands: {
      us: flat('0.087'),
      eu: flat('0.087'),
      ap: flat('0.12'),
      sa: flat('0.181'),
      af: flat('0.12'),
      me: flat('0.12'),
    },
  },
};

/** AWS-style region areas beyond the group names: Canada and Mexico bill as us, Israel as me. */
export const AREA_GROUPS: Record<string, RegionGroup> = {
  us: 'us',
  eu: 'eu',
  ap: 'ap',
  sa: 'sa',
  af: 'af',
  me: 'me',
  ca: 'us',
  mx: 'us',
  il: 'me',
};
const DIRECTIONS = 'north|south|east|west|central|northeast|northwest|southeast|southwest';
const REGION_CODE = new RegExp(`^([a-z]{2})-(?:${DIRECTIONS})-\\d{1,2}$`);

/** The price group of a region name or AWS-style code, or undefined. */
export function regionGroup(region: string): RegionGroup | undefined {
  if ((REGION_GROUPS as readonly string[]).includes(region)) return region as RegionGroup;
  const area = REGION_CODE.exec(region)?.[1];
  return area === undefined ? undefined : AREA_GROUPS[area];
}

export const REGION_HELP = `a group (${REGION_GROUPS.join(', ')}) or an AWS-style code <area>-<direction>-<n> such as us-east-1 or ap-southeast-2, areas ${Object.keys(AREA_GROUPS).join(', ')}`;
