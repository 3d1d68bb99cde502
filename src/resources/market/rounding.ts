/** The market's rounding, one rule for every figure it reports: rates to two decimals, rates per week to one. */
export const round1 = (value: number): number => Math.round(value * 10) / 10;
export const round2 = (value: number): number => Math.round(value * 100) / 100;
