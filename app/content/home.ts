import { msg } from "@lingui/core/macro";

// The home page's copy below the results: the directory in short, and the call to consultants.

export const ABOUT_DIRECTORY = {
  title: msg`About the directory`,
  paragraphs: [
    msg`NGOs, UN agencies, donors and implementing firms use this directory to find consultants who know the region: people who have worked with ministries, communities and development partners across Southeast Asia.`,
    msg`Every profile is reviewed before it is listed. Searching is free and needs no account; a free account lets you message consultants directly.`,
  ],
  more: msg`More about us`,
  points: [
    {
      title: msg`Search like a search engine`,
      text: msg`Keywords, places with or without accents, and spelling mistakes forgiven.`,
    },
    {
      title: msg`Reviewed profiles`,
      text: msg`Consultants choose whether their e-mail and phone number are shown.`,
    },
    {
      title: msg`Built for slow connections`,
      text: msg`Light pages that work on any phone, even without JavaScript.`,
    },
  ],
} as const;

export const JOIN_BANNER = {
  title: msg`Are you a development consultant?`,
  text: msg`Create a free profile and let organizations across the region find you.`,
  action: msg`Join the Database`,
} as const;
