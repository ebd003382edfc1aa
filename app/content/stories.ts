import stories from "./stories.json" with { type: "json" };

// Success stories (spec: static sample stories with hard-coded figures, labelled as samples on the page).

export type Figure = { value: string; label: string };

export type Story = {
  id: string;
  title: string;
  country: string;
  place: string;
  specialization: string;
  organization: string;
  consultant: string;
  challenge: string;
  work: string;
  figures: readonly Figure[];
  quote: string;
  quoteBy: string;
};

export const HEADLINE_FIGURES: readonly Figure[] = [
  { value: "320+", label: "assignments arranged through the directory" },
  { value: "10", label: "ASEAN countries where our consultants work" },
  { value: "9 days", label: "median time from first message to signed contract" },
  { value: "87%", label: "of organizations would hire through us again" },
] as const;

/** The sample stories: copy, kept as data in stories.json and typed here. */
export const STORIES: readonly Story[] = stories;
