/**
 * The competitors the default "competitor mention" rule listens for; the demo's scripts name
 * the same ones so its calls hit that rule.
 */
export const COMPETITORS = ['Globex', 'Initech', 'Umbrella Telecom', 'Hooli'] as const;
