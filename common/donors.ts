// The funding donors a track record names, alone in their module: the home page's donor filter
// needs this list and nothing else of track-record-lists.ts (1 KB gzip of its first load).

/** Funding donors, spelled exactly as the API takes and returns them. */
export const DONORS = [
  "World Bank",
  "Asian Development Bank",
  "European Union",
  "UNDP",
  "UNICEF",
  "WHO",
  "FAO",
  "ILO",
  "UNFPA",
  "UN Women",
  "USAID",
  "DFAT",
  "FCDO",
  "JICA",
  "GIZ",
  "KOICA",
  "Global Fund",
  "Gates Foundation",
  "Other",
] as const;
export type Donor = (typeof DONORS)[number];
