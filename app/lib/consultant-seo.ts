import type { Assignment, Education } from "#common/track-record.ts";
import type { PublicConsultant } from "#common/views.ts";

// What search engines and link previews learn about a consultant. Built field by field from an
// explicit list: no contact details (hidden or public) ever reach the JSON-LD or the meta tags.

export type ConsultantSeoData = Pick<
  PublicConsultant,
  | "name"
  | "title"
  | "bio"
  | "location"
  | "city"
  | "country"
  | "languages"
  | "primarySpecialization"
  | "secondarySpecializations"
  | "profilePhotoUrl"
>;

/** A meta description from the bio: one line, cut at a word near 160 characters. */
export function describeBio(bio: string, max = 160): string {
  const text = bio.replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** An absolute URL for a photo (stored photos are site-relative; S3 ones are absolute). */
export function absoluteUrl(publicUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url}`;
}

/**
 * The track record in schema.org terms: schools as `alumniOf`, assignments as `hasOccupation`
 * (an Occupation per role, where it took place and when). Only listed, public fields.
 */
function trackRecordJsonLd(track: { assignments: Assignment[]; education: Education[] } | undefined) {
  if (!track) return {};
  const schools = [...new Set(track.education.map((item) => item.institution))];
  return {
    ...(schools.length > 0 ? { alumniOf: schools.map((name) => ({ "@type": "EducationalOrganization", name })) } : {}),
    ...(track.assignments.length > 0
      ? {
          hasOccupation: track.assignments.map((item) => ({
            "@type": "Occupation",
            name: item.role ?? item.title,
            description: `${item.title}, ${item.organization}`,
            occupationLocation: item.countries.map((name) => ({ "@type": "Country", name })),
            ...(item.sector ? { occupationalCategory: item.sector } : {}),
            startDate: item.startDate,
            ...(item.endDate ? { endDate: item.endDate } : {}),
          })),
        }
      : {}),
  };
}

/** schema.org Person for a profile page. */
export function consultantJsonLd(
  consultant: ConsultantSeoData,
  { url, publicUrl }: { url: string; publicUrl: string },
  track?: { assignments: Assignment[]; education: Education[] },
) {
  const knowsAbout = [consultant.primarySpecialization, ...consultant.secondarySpecializations];
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: consultant.name,
    jobTitle: consultant.title,
    description: describeBio(consultant.bio, 300),
    url,
    ...(consultant.profilePhotoUrl ? { image: absoluteUrl(publicUrl, consultant.profilePhotoUrl) } : {}),
    address: {
      "@type": "PostalAddress",
      addressLocality: consultant.city ?? consultant.location,
      addressCountry: consultant.country,
    },
    ...(consultant.languages.length > 0 ? { knowsLanguage: consultant.languages } : {}),
    knowsAbout,
    ...trackRecordJsonLd(track),
  };
}
