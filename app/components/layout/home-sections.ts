/** The home page's sections; the links work from every page (they lead to `/` and scroll there). */
export const HOME_SECTIONS = [
  { id: "consultants", label: "Consultants" },
  { id: "countries", label: "Countries" },
  { id: "specializations", label: "Specializations" },
  { id: "about", label: "About" },
] as const;
