import {
  CV_IMPORT_WARNINGS,
  type CvDrafts,
  type DraftAssignment,
  type DraftEducation,
  type DraftLanguage,
  EUROPASS_GENERATOR,
} from "#common/cv-import.ts";
import { fullName } from "#common/person-names.ts";
import {
  bestCefr,
  countriesIn,
  countriesOfLocation,
  countryOfCode,
  countryOfPlace,
  descriptionFields,
  donorsMentioned,
  emptyAssignment,
  languageName,
  sectorOf,
  splitDegree,
} from "./normalize.ts";
import { at, attr, list, textAt, textOf, type XmlNode } from "./xml.ts";

// Europass CVs as XML: the Europass schema of 2012-2020 (root <SkillsPassport> or <Europass>,
// <LearnerInfo>) and the Europass of 2020 on (root <Candidate>, HR-XML based). Namespaces are
// dropped, so both read by element name.

export type EuropassResult = { drafts: CvDrafts; warnings: string[] };

/** Whether a parsed XML document is a Europass CV of either generation. */
export function isEuropass(root: XmlNode): boolean {
  return Boolean(at(root, "SkillsPassport.LearnerInfo") ?? at(root, "Europass.LearnerInfo") ?? at(root, "Candidate"));
}

export function readEuropass(root: XmlNode): EuropassResult {
  const learner = at(root, "SkillsPassport.LearnerInfo") ?? at(root, "Europass.LearnerInfo");
  const generator = textAt(root, "SkillsPassport.DocumentInfo.Generator") || textAt(root, "Europass.DocumentInfo.Generator");
  if (learner) return readLearnerInfo(learner, generator === EUROPASS_GENERATOR);
  return readCandidate(at(root, "Candidate") ?? {});
}

// ---------------------------------------------------------------------------------------------
// 2012-2020: LearnerInfo

/** <From year="2019" month="--03"/> as 2019-03. */
function periodMonth(node: XmlNode | undefined): string {
  const year = attr(node, "year");
  if (!/^\d{4}$/.test(year)) return "";
  const month = /(\d{1,2})$/.exec(attr(node, "month"))?.[1];
  return `${year}-${(month ?? "01").padStart(2, "0")}`;
}

function assignmentFrom(
  base: { title: string; organization: string; start: string; end: string; activities: string; sector: string },
  placeCountries: string[],
  /** Written by this site's export: the Position is the title, and no Role line means no role. */
  isOurs = false,
): DraftAssignment {
  const fields = descriptionFields(base.activities);
  const text = [base.title, base.organization, base.activities].join("\n");
  const countries = fields.countries ?? [...placeCountries, ...countriesIn(fields.rest)];
  return {
    ...emptyAssignment(),
    title: fields.project ?? base.title,
    organization: base.organization,
    role: fields.role ?? (isOurs ? "" : base.title),
    startDate: base.start,
    endDate: base.end,
    donors: fields.donors ?? donorsMentioned(text),
    countries: [...new Set(countries)],
    sector: fields.sector ? sectorOf(fields.sector) : base.sector ? sectorOf(base.sector) : "",
    description: fields.rest,
  };
}

function readLearnerInfo(learner: XmlNode, isOurs: boolean): EuropassResult {
  const warnings: string[] = [];
  const identification = at(learner, "Identification");
  const name = fullName(textAt(identification, "PersonName.FirstName"), textAt(identification, "PersonName.Surname"));
  const contact = at(identification, "ContactInfo");
  const address = at(contact, "Address.Contact");
  const headline = at(learner, "Headline");
  const headlineType = textAt(headline, "Type.Code");
  const headlineText = textAt(headline, "Description.Label");
  const countryName = textAt(address, "Country.Label") || countryOfCode(textAt(address, "Country.Code")) || "";
  const municipality = textAt(address, "Municipality");

  const assignments = list(at(learner, "WorkExperienceList"), "WorkExperience").map((item) => {
    const period = at(item, "Period");
    const isCurrent = textAt(period, "Current") === "true";
    const employerAddress = at(item, "Employer.ContactInfo.Address.Contact");
    const country =
      countryOfCode(textAt(employerAddress, "Country.Code")) ?? countryOfPlace(textAt(employerAddress, "Country.Label"));
    return assignmentFrom(
      {
        title: textAt(item, "Position.Label"),
        organization: textAt(item, "Employer.Name"),
        start: periodMonth(at(period, "From")),
        end: isCurrent ? "" : periodMonth(at(period, "To")),
        activities: textAt(item, "Activities"),
        sector: textAt(item, "Employer.Sector.Label"),
      },
      country ? [country] : [],
      isOurs,
    );
  });

  const education: DraftEducation[] = list(at(learner, "EducationList"), "Education").map((item) => {
    // The main subjects, when given, are the field of study; else the title may carry it ("MSc in Public Health").
    const subjects = textAt(item, "Skills");
    const { degree, field } =
      subjects || isOurs ? { degree: textAt(item, "Title"), field: subjects } : splitDegree(textAt(item, "Title"));
    const to = at(item, "Period.To");
    const from = at(item, "Period.From");
    return { degree, field, institution: textAt(item, "Organisation.Name"), year: attr(to, "year") || attr(from, "year") };
  });

  const linguistic = at(learner, "Skills.Linguistic");
  const languages: DraftLanguage[] = [];
  for (const item of list(at(linguistic, "MotherTongueList"), "MotherTongue")) {
    const language = languageOf(at(item, "Description"), warnings);
    if (language) languages.push({ name: language, level: "native" });
  }
  for (const item of list(at(linguistic, "ForeignLanguageList"), "ForeignLanguage")) {
    const language = languageOf(at(item, "Description"), warnings);
    const proficiency = at(item, "ProficiencyLevel");
    const levels = ["Listening", "Reading", "SpokenInteraction", "SpokenProduction", "Writing"].map((skill) =>
      textAt(proficiency, skill),
    );
    if (language) languages.push({ name: language, level: bestCefr(levels) });
  }

  return {
    drafts: {
      profile: {
        ...(name && { name }),
        ...(headlineText && headlineType !== "personal_statement" && { title: headlineText }),
        ...(headlineText && headlineType === "personal_statement" && { bio: headlineText }),
        ...(isOurs && textAt(learner, "Skills.Other.Description") && { bio: textAt(learner, "Skills.Other.Description") }),
        ...(textAt(contact, "Email.Contact") && { email: textAt(contact, "Email.Contact") }),
        ...(textAt(list(at(contact, "TelephoneList"), "Telephone")[0], "Contact") && {
          phone: textAt(list(at(contact, "TelephoneList"), "Telephone")[0], "Contact"),
        }),
        ...addressDraft(municipality, countryName),
      },
      assignments,
      education,
      languages,
    },
    warnings,
  };
}

/**
 * The CV's address as the profile draft keeps it, in both Europass formats: "town, country" as the
 * location, and the country it names ("Jakarta Selatan" and Indonesia: Indonesia) for the form's Country.
 */
function addressDraft(town: string, country: string): { location?: string; country?: string } {
  const location = [town, country].filter(Boolean).join(", ");
  const home = countriesOfLocation(location)[0];
  return { ...(location && { location }), ...(home && { country: home }) };
}

function languageOf(description: XmlNode | undefined, warnings: string[]): string | undefined {
  const label = textAt(description, "Label");
  const code = textAt(description, "Code");
  const name = languageName(label) ?? languageName(code);
  if (!name && (label || code)) warnings.push(CV_IMPORT_WARNINGS.unknownLanguage(label || code));
  return name;
}

// ---------------------------------------------------------------------------------------------
// 2020 on: Candidate (HR-XML)

/** <hr:FormattedDateTime>2019-03-01</…> (or 2019-03, or 2019) as 2019-03. */
function formattedMonth(node: XmlNode | undefined): string {
  const text = textAt(node, "FormattedDateTime");
  const match = /^(\d{4})(?:-(\d{2}))?/.exec(text);
  if (!match?.[1]) return "";
  return `${match[1]}-${match[2] ?? "01"}`;
}

function readCandidate(candidate: XmlNode): EuropassResult {
  const warnings: string[] = [];
  const person = at(candidate, "CandidatePerson");
  const name = fullName(textAt(person, "PersonName.GivenName"), textAt(person, "PersonName.FamilyName"));
  const channels = list(person, "Communication");
  const channel = (code: string) => channels.find((item) => textAt(item, "ChannelCode").toLowerCase() === code);
  const email = textAt(channel("email"), "URI");
  const phone = textAt(channel("telephone") ?? channel("mobiletelephone"), "FormattedNumber");
  const homeAddress = at(
    channels.find((item) => at(item, "Address")),
    "Address",
  );
  const homeCountry = countryOfCode(textAt(homeAddress, "CountryCode")) ?? "";
  const city = textAt(homeAddress, "CityName");
  const profile = at(candidate, "CandidateProfile");

  const assignments: DraftAssignment[] = [];
  for (const employer of list(at(profile, "EmploymentHistory"), "EmployerHistory")) {
    const organization = textAt(employer, "OrganizationName");
    const employerAddress = at(list(at(employer, "OrganizationContact"), "Communication")[0], "Address");
    for (const position of list(employer, "PositionHistory")) {
      const period = at(position, "EmploymentPeriod");
      const isCurrent = textAt(period, "CurrentIndicator") === "true";
      const code = textAt(position, "Country") || textAt(employerAddress, "CountryCode");
      const country = countryOfCode(code) ?? countryOfPlace(textAt(position, "City") || textAt(employerAddress, "CityName"));
      assignments.push(
        assignmentFrom(
          {
            title: textAt(position, "PositionTitle"),
            organization,
            start: formattedMonth(at(period, "StartDate")),
            end: isCurrent ? "" : formattedMonth(at(period, "EndDate")),
            activities: textAt(position, "Description"),
            sector: textAt(employer, "IndustryCode"),
          },
          country ? [country] : [],
        ),
      );
    }
  }

  const education: DraftEducation[] = list(at(profile, "EducationHistory"), "EducationOrganizationAttendance").map((item) => {
    const { degree, field } = splitDegree(textAt(item, "EducationDegree.DegreeName"));
    const period = at(item, "AttendancePeriod");
    const year = (formattedMonth(at(period, "EndDate")) || formattedMonth(at(period, "StartDate"))).slice(0, 4);
    return { degree, field, institution: textAt(item, "OrganizationName"), year };
  });

  const languages: DraftLanguage[] = [];
  for (const competency of list(at(profile, "PersonQualifications"), "PersonCompetency")) {
    if (textAt(competency, "TaxonomyID").toLowerCase() !== "language") continue;
    const code = textAt(competency, "CompetencyID");
    const label = textAt(competency, "CompetencyName");
    const name = languageName(code) ?? languageName(label);
    if (!name) {
      warnings.push(CV_IMPORT_WARNINGS.unknownLanguage(label || code));
      continue;
    }
    const scores = list(competency, "CompetencyDimension").map((dimension) => textAt(dimension, "Score.ScoreText"));
    // Europass lists a mother tongue as a language competency without CEFR scores.
    languages.push({ name, level: scores.length === 0 ? "native" : bestCefr(scores) });
  }

  const objective = textOf(at(profile, "CandidateObjective"));
  const summary = textOf(at(profile, "ExecutiveSummary"));
  return {
    drafts: {
      profile: {
        ...(name && { name }),
        ...(objective && { title: objective }),
        ...(summary && { bio: summary }),
        ...(email && { email }),
        ...(phone && { phone }),
        ...addressDraft(city, homeCountry),
      },
      assignments,
      education,
      languages,
    },
    warnings,
  };
}
