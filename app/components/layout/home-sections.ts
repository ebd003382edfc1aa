import { msg } from "@lingui/core/macro";

/** The home page's sections; the links work from every page (they lead to `/` and scroll there). */
export const HOME_SECTIONS = [
  { id: "consultants", label: msg`Consultants` },
  { id: "countries", label: msg`Countries` },
  { id: "specializations", label: msg`Specializations` },
  { id: "about", label: msg`About` },
] as const;
