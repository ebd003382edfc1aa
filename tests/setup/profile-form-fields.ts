// What the profile form sends for a complete profile (its field names, as the page posts them): the
// page actions' tests post it (app/routes/profile-form.route.test.tsx, saved-toasts.test.ts).
export const PROFILE_FORM_FIELDS = {
  name: "Ayu Lestari",
  email: "ayu.lestari@example.org",
  title: "Gender and Social Inclusion Adviser",
  location: "Kotagede, Yogyakarta, Indonesia",
  city: "Yogyakarta",
  country: "Indonesia",
  yearsExperience: "11",
  primarySpecialization: "Gender & Social Inclusion",
  languages: "Indonesian, English",
  bio: "Eleven years of gender analysis and GEDSI strategies for DFAT and UNDP programmes.",
  showEmail: "false",
  showPhone: "false",
  availableForWork: "true",
};
