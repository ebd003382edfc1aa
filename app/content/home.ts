// The home page's copy below the results: the directory in short, and the call to consultants.

export const ABOUT_DIRECTORY = {
  title: "About the directory",
  paragraphs: [
    "NGOs, UN agencies, donors and implementing firms use this directory to find consultants who know the region: people who have worked with ministries, communities and development partners across Southeast Asia.",
    "Every profile is reviewed before it is listed. Searching is free and needs no account; a free account lets you message consultants directly.",
  ],
  more: "More about us",
  points: [
    {
      title: "Search like a search engine",
      text: "Keywords, places with or without accents, and spelling mistakes forgiven.",
    },
    {
      title: "Reviewed profiles",
      text: "Consultants choose whether their e-mail and phone number are shown.",
    },
    {
      title: "Built for slow connections",
      text: "Light pages that work on any phone, even without JavaScript.",
    },
  ],
} as const;

export const JOIN_BANNER = {
  title: "Are you a development consultant?",
  text: "Create a free profile and let organizations across the region find you.",
  action: "Join the Database",
} as const;

export const HERO = {
  title: "Find the right development consultant in Southeast Asia",
  /** Follows the number of experts ("1,234 experts"), or "Experts" when the stats are not there. */
  lead: " in health, education, governance, climate, finance and more, across all ten ASEAN countries.",
} as const;
