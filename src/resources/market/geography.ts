/** Where the world's audiences live: each region's countries with rough shares, and its cities. */

/** Where an account's followers live: countries with rough shares, and candidate cities. */
export interface Region {
  readonly countries: readonly (readonly [code: string, share: number])[];
  readonly cities: readonly string[];
}

export const REGIONS = {
  us: {
    countries: [['US', 0.62], ['CA', 0.09], ['GB', 0.05], ['MX', 0.04], ['AU', 0.03]],
    cities: ['New York, New York', 'Los Angeles, California', 'Chicago, Illinois', 'Austin, Texas', 'Denver, Colorado', 'Seattle, Washington', 'Portland, Oregon', 'Miami, Florida'],
  },
  uk: {
    countries: [['GB', 0.58], ['IE', 0.08], ['US', 0.07], ['AU', 0.04], ['ES', 0.03]],
    cities: ['London, England', 'Manchester, England', 'Bristol, England', 'Edinburgh, Scotland', 'Leeds, England', 'Dublin, Ireland', 'Brighton, England'],
  },
  eu: {
    countries: [['DE', 0.3], ['FR', 0.18], ['ES', 0.12], ['IT', 0.1], ['NL', 0.08]],
    cities: ['Berlin, Germany', 'Paris, France', 'Madrid, Spain', 'Milan, Italy', 'Amsterdam, Netherlands', 'Munich, Germany', 'Barcelona, Spain'],
  },
  global: {
    countries: [['US', 0.24], ['IN', 0.11], ['BR', 0.09], ['GB', 0.06], ['ID', 0.05]],
    cities: ['New York, New York', 'London, England', 'São Paulo, Brazil', 'Mumbai, India', 'Jakarta, Indonesia', 'Los Angeles, California', 'Mexico City, Mexico'],
  },
} as const satisfies Record<string, Region>;

export type RegionName = keyof typeof REGIONS;
export const REGION_NAMES = Object.keys(REGIONS) as [RegionName, ...RegionName[]];
