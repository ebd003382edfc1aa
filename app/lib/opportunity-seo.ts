import { COUNTRIES } from "#common/constants.ts";
import { countryCodeOf } from "#common/countries.ts";
import type { OpportunityView } from "#common/opportunities.ts";

// What search engines learn about an opportunity: schema.org JobPosting, the fields Google for
// Jobs reads (title, description, datePosted, validThrough, hiringOrganization, jobLocation or
// jobLocationType TELECOMMUTE, employmentType CONTRACTOR). Built from the public view only.

export function opportunityJsonLd(opportunity: OpportunityView, options: { url: string }) {
  const remote = opportunity.remote;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: opportunity.title,
    // Google accepts simple HTML here; the ToR's HTML is the sanitized rendering (tor-format.ts).
    description: opportunity.descriptionHtml,
    datePosted: opportunity.publishedAt ?? opportunity.createdAt,
    validThrough: opportunity.deadline,
    employmentType: "CONTRACTOR",
    url: options.url,
    identifier: { "@type": "PropertyValue", name: "DevConsult SEA", value: String(opportunity.id) },
    hiringOrganization: { "@type": "Organization", name: opportunity.organization.name },
    ...(remote ? { jobLocationType: "TELECOMMUTE" } : {}),
    ...(remote
      ? {
          applicantLocationRequirements: (opportunity.countries.length > 0 ? opportunity.countries : COUNTRIES).map((name) => ({
            "@type": "Country",
            name,
          })),
        }
      : {}),
    ...(opportunity.countries.length > 0
      ? {
          jobLocation: opportunity.countries.map((name) => ({
            "@type": "Place",
            address: { "@type": "PostalAddress", addressCountry: countryCodeOf(name) ?? name },
          })),
        }
      : {}),
    ...(opportunity.budget && !opportunity.budget.hidden
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: opportunity.budget.currency,
            value: {
              "@type": "QuantitativeValue",
              ...(opportunity.budget.min !== null ? { minValue: opportunity.budget.min } : {}),
              ...(opportunity.budget.max !== null ? { maxValue: opportunity.budget.max } : {}),
              unitText: opportunity.budget.kind === "daily" ? "DAY" : "PROJECT",
            },
          },
        }
      : {}),
    ...(opportunity.minYearsExperience > 0
      ? {
          experienceRequirements: {
            "@type": "OccupationalExperienceRequirements",
            monthsOfExperience: opportunity.minYearsExperience * 12,
          },
        }
      : {}),
  };
}
