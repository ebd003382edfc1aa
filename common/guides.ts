// The Resources library (issue 36): practical guides for the people who use the directory, written
// for development work in the region. Each guide names the documents it rests on, so a reader can
// check the current version of a rule at its source: procurement rules change, and the guides say
// what to look for rather than quote figures that age.

/** A block of a guide's section: a paragraph, a list, numbered steps, or a small table. */
export type GuideBlock =
  | string
  | { list: readonly string[] }
  | { steps: readonly string[] }
  | { table: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] } };

export type GuideSource = { title: string; publisher: string; url: string };

export type Guide = {
  slug: string;
  title: string;
  /** One sentence: what the reader will be able to do. */
  summary: string;
  audience: "Consultants" | "Organizations" | "Consultants and organizations";
  /** When the text was last checked against its sources (YYYY-MM). */
  checked: string;
  sections: readonly { heading: string; blocks: readonly GuideBlock[] }[];
  sources: readonly GuideSource[];
};

export const GUIDES: readonly Guide[] = [
  {
    slug: "how-donors-hire-consultants",
    title: "How donors hire consultants: UNDP, ADB, the World Bank and the EU",
    summary:
      "Where each of the four largest funders in the region advertises individual consultancies, who signs your contract, how offers are compared and what you must send.",
    audience: "Consultants and organizations",
    checked: "2026-11",
    sections: [
      {
        heading: "First question: who is contracting?",
        blocks: [
          "The same donor's money reaches consultants by three different doors, and each has its own forms, evaluation and payment rules. Before you answer a notice, find out which door it is.",
          {
            list: [
              "The agency itself: a UNDP country office, an ADB department or a World Bank task team hires you directly, under its own corporate rules.",
              "The government implementing a loan or grant (the borrower or executing agency): a ministry's project management unit hires you, following the donor's procurement rules for borrowers, and the donor reviews the choice.",
              "A firm or NGO that won a contract: you join its team as an expert. The donor evaluates the firm's offer, including your CV, and the firm pays you.",
            ],
          },
        ],
      },
      {
        heading: "UNDP: the Individual Contract",
        blocks: [
          "UNDP engages individual consultants through the Individual Contract (IC). Notices appear on UNDP Jobs and on UNDP's procurement notices site; since January 2023 UNDP runs its procurement in its Quantum system, and many country offices now take submissions through it.",
          "A typical submission has three parts: a CV or the UN Personal History Form (P11), a short note on how you will do the work when the notice asks for one, and a financial proposal. The financial proposal is usually an all-inclusive daily fee or a lump sum that must cover everything the notice lists (often travel, insurance and living costs). Leaving something out does not make you cheaper: it makes your offer non-compliant or loses you money.",
          "The notice states how offers are compared. Most individual consultancies use a cumulative analysis that weights a technical score and a financial score (a 70:30 split is common), and only candidates who reach the technical threshold have their price considered. Some use the lowest price among technically qualified candidates. Payment follows deliverables that the project certifies.",
        ],
      },
      {
        heading: "ADB: the Consultant Management System",
        blocks: [
          "The Asian Development Bank advertises its consulting opportunities as consulting services recruitment notices in the Consultant Management System (CMS). Individuals register once, keep a profile, and submit expressions of interest through it; ADB also uses it to send non-committal inquiries, offers and, later, timesheets and performance evaluations.",
          "For ADB-administered assignments ADB selects and contracts you. For assignments administered by an executing agency (a ministry implementing an ADB loan), the agency does, under ADB's Procurement Policy and the Procurement Regulations for ADB Borrowers. Individual consultants are assessed mainly on their CV (ADB calls it the biodata) against the terms of reference, so the CV does most of the work.",
          "ADB distinguishes national consultants, who work in their own country, from international ones. Read which one a notice asks for: it decides the fee range and whether international travel is paid.",
        ],
      },
      {
        heading: "The World Bank: borrowers' rules and the Bank's own",
        blocks: [
          "Most consultancies on World Bank-financed projects are hired by the borrower under the Procurement Regulations for IPF Borrowers (first published in July 2016 and revised since; older projects still follow the 2011 Consultant Guidelines). Individual consultants are selected by comparing qualifications and experience, not proposals: the borrower either advertises a request for expressions of interest (open competitive selection), asks individuals it already knows (limited competitive selection), or, in justified cases, selects one directly.",
          "Borrowers publish their notices in the national press, on the project's website and on UN Development Business. Keep a CV that shows, assignment by assignment, the experience the notice asks for: the shortlisting is a paper exercise.",
          "When the World Bank hires a consultant for its own work (analytical studies, project preparation), it does so under its corporate procurement rules, usually after a task team has identified candidates. A current profile that the team can find and a clear record of similar work are what get you that call.",
        ],
      },
      {
        heading: "The European Union: firms, tenders and framework contracts",
        blocks: [
          "EU-funded technical assistance in the region is mostly contracted with firms, not with individuals. The rules are in the Practical Guide to contract procedures for EU external action (PRAG). Service contracts are either global price contracts, paid for defined outputs, or fee-based contracts, paid for the experts' working days.",
          "Short assignments (evaluations, studies, short technical assistance) often go through framework contracts: consortia selected in advance receive a request for services and have a short time, often two to four weeks, to propose a team. Under the SIEA 2018 framework contract, for example, a specific contract may not exceed EUR 999,999 or three years.",
          "For an individual, the way in is a firm's roster. Firms need your CV in the EU format, a signed statement of exclusivity and availability, and certainty that you are free on the dates. Answer their requests quickly and precisely: they may be assembling a team in days.",
        ],
      },
      {
        heading: "Other funders you will meet",
        blocks: [
          {
            list: [
              "Australia (DFAT): most advisers are engaged by managing contractors, with fees set under DFAT's Adviser Remuneration Framework.",
              "Japan (JICA) and Korea (KOICA): technical cooperation is mostly contracted with firms of the donor country, which hire national experts locally.",
              "Germany (GIZ): country offices contract national experts directly for many short assignments, and firms for larger ones.",
              "UN agencies other than UNDP (UNICEF, WHO, FAO, UNFPA, UN Women, ILO) each run their own consultancy rosters and notices, with rules close to UNDP's.",
            ],
          },
        ],
      },
      {
        heading: "Before you submit",
        blocks: [
          {
            steps: [
              "Identify who contracts you and under which rules (the notice says so, sometimes in small print).",
              "List the mandatory requirements (degree, years, languages, country experience) and check each against your CV.",
              "Use the format the notice asks for: P11, EU CV, ADB biodata or a free CV.",
              "Price the whole assignment if the fee is all-inclusive: days, travel, insurance, communications.",
              "Sign and date every declaration, and submit before the deadline in the notice's time zone.",
            ],
          },
        ],
      },
    ],
    sources: [
      {
        title: "Programme and Operations Policies and Procedures: Individual Contract",
        publisher: "UNDP",
        url: "https://popp.undp.org/",
      },
      { title: "UNDP Procurement Notices", publisher: "UNDP", url: "https://procurement-notices.undp.org/" },
      {
        title: "What is the Consultant Management System?",
        publisher: "Asian Development Bank",
        url: "https://www.adb.org/business/how-to/what-consultant-management-system",
      },
      {
        title: "Procurement Policy and Procurement Regulations for ADB Borrowers (2017)",
        publisher: "Asian Development Bank",
        url: "https://www.adb.org/",
      },
      {
        title: "Procurement Regulations for IPF Borrowers",
        publisher: "World Bank",
        url: "https://www.worldbank.org/en/projects-operations/products-and-services/brief/procurement-new-framework",
      },
      { title: "UN Development Business", publisher: "United Nations", url: "https://devbusiness.un.org/" },
      {
        title: "Contractual procedures for EU external action: a practical guide (PRAG)",
        publisher: "European Commission, DG International Partnerships",
        url: "https://wikis.ec.europa.eu/display/ExactExternalWiki/",
      },
    ],
  },
  {
    slug: "writing-an-expression-of-interest",
    title: "Writing an expression of interest that gets you shortlisted",
    summary:
      "How to read a consultancy notice the way its evaluators will, and a one-page structure for the letter that goes with your CV.",
    audience: "Consultants",
    checked: "2026-11",
    sections: [
      {
        heading: "What an expression of interest is for",
        blocks: [
          "An expression of interest (EOI) answers a notice that asks who is interested and qualified, before anyone prepares a full proposal. For individual consultancies it is often the whole application: a short letter or form, your CV and, sometimes, a financial offer. The people who read it have a list of criteria and many applications. Your task is to make each criterion easy to tick.",
        ],
      },
      {
        heading: "Read the notice like an evaluator",
        blocks: [
          {
            list: [
              "Mandatory requirements: degree, years of experience, languages, nationality or residence. Missing one usually ends the evaluation.",
              "Scored criteria and their weights: the notice often lists them (for example experience of similar assignments, experience in the country, knowledge of the donor's procedures).",
              "What to send: the format of the CV, page limits, signed declarations, references, a financial proposal or none.",
              "The deadline, its time zone, and how to submit (a portal, an e-mail address, a reference number in the subject line).",
            ],
          },
          "Copy the scored criteria into a private checklist and write down, for each, the assignment of your track record that proves it: title, client, country, year and what you did.",
        ],
      },
      {
        heading: "A one-page structure",
        blocks: [
          {
            steps: [
              "The reference: the notice's title and number, and the position you apply for.",
              'One sentence on who you are, in the notice\'s words: "a public health specialist with nine years of evaluation experience in Cambodia and Lao PDR".',
              'Three short paragraphs, one per main criterion, each with a concrete assignment as evidence and, where you can, a result ("the ministry adopted the costing in its 2025 budget submission").',
              "Availability: the dates you can start and the number of days you can give, and any constraint.",
              "Languages and practical points: working languages with your level, where you are based, whether you can travel to the field.",
              "A closing line with how to reach you, and the list of what is attached.",
            ],
          },
          "Keep it to one page unless the notice asks for more. Evaluators remember the evidence, not the adjectives.",
        ],
      },
      {
        heading: "Tailor the CV, not only the letter",
        blocks: [
          "Put the most relevant assignments first within each period, use the titles the donor uses (team leader, key expert, national consultant), and state the donor and the client of each assignment. If the notice asks for country experience, make the countries and dates easy to see. A CV that lists responsibilities but no assignments, clients or years forces the evaluator to guess, and they rarely guess in your favour.",
        ],
      },
      {
        heading: "Why good candidates are not shortlisted",
        blocks: [
          {
            list: [
              "A mandatory document is missing or unsigned, or the CV is not in the required format.",
              "Experience is described in general terms, so the evaluator cannot count the years or the similar assignments.",
              "The letter could have been sent to any notice: nothing in it refers to this assignment.",
              "Availability is not stated, or conflicts with the dates in the terms of reference.",
              "The submission arrived after the deadline, often because of the time zone or the size of the attachments.",
            ],
          },
        ],
      },
      {
        heading: "For organizations writing the notice",
        blocks: [
          "Good expressions of interest follow good notices. State the mandatory requirements separately from the scored criteria, give their weights, say which CV format you want, and give enough of the terms of reference for a candidate to judge the fit. Search this directory by country of experience and donor to invite candidates who already match.",
        ],
      },
    ],
    sources: [
      {
        title: "Procurement Regulations for IPF Borrowers: selection of individual consultants",
        publisher: "World Bank",
        url: "https://www.worldbank.org/en/projects-operations/products-and-services/brief/procurement-new-framework",
      },
      {
        title: "What is the Consultant Management System?",
        publisher: "Asian Development Bank",
        url: "https://www.adb.org/business/how-to/what-consultant-management-system",
      },
      { title: "UNDP Procurement Notices", publisher: "UNDP", url: "https://procurement-notices.undp.org/" },
    ],
  },
  {
    slug: "daily-rates",
    title: "Daily rates: how donors set, cap and compare consultants' fees",
    summary:
      "What a daily fee covers, how each major funder decides what it will pay, and a method for working out your own rate before you quote it.",
    audience: "Consultants and organizations",
    checked: "2026-11",
    sections: [
      {
        heading: "Fee, reimbursables, all-inclusive",
        blocks: [
          "A consultancy is paid either as a fee plus reimbursable costs (travel, a daily subsistence allowance or per diem for nights away from home) or as an all-inclusive amount that must cover everything. Before comparing two offers, or two rates, check which of the two they are: an all-inclusive daily rate of USD 400 with three field weeks may leave less in the consultant's pocket than a fee of USD 300 with travel paid.",
        ],
      },
      {
        heading: "How the main funders decide",
        blocks: [
          {
            table: {
              caption: "How each funder sets what it pays an individual consultant",
              head: ["Funder", "How the fee is set", "Where to read the rule"],
              rows: [
                [
                  "UN Secretariat and many UN agencies",
                  "Fee ranges by level of assignment, derived from the salary scales of staff at the equivalent level; the level follows the complexity of the work and the expertise needed.",
                  "UN administrative instruction ST/AI/2013/4, Consultants and individual contractors; each agency's own consultancy policy",
                ],
                [
                  "UNDP (Individual Contract)",
                  "You propose a daily fee or lump sum in a financial proposal; it is scored against other offers, usually with the technical score.",
                  "UNDP POPP, Individual Contract policy; the notice's evaluation method",
                ],
                [
                  "Asian Development Bank",
                  "The notice shows the assignment's cost estimate; national and international consultants are budgeted differently.",
                  "The consulting services recruitment notice in CMS; ADB Procurement Policy (2017)",
                ],
                [
                  "World Bank-financed projects",
                  "Agreed between the borrower and the consultant; the borrower may ask for evidence of your recent fees, and the Bank reviews larger contracts.",
                  "Procurement Regulations for IPF Borrowers",
                ],
                [
                  "European Union",
                  "In fee-based contracts the firm quotes each expert's daily fee; framework contracts set maximum daily fees for categories of experts; per diems follow the EU's published rates per country.",
                  "PRAG; the framework contract's terms; the EU per diem rates for external action",
                ],
                [
                  "Australia (DFAT)",
                  "Rates come from a remuneration framework that weighs the discipline, the job level and the adviser's experience, and whether the role is long- or short-term.",
                  "DFAT Adviser Remuneration Framework",
                ],
              ],
            },
          },
          "Per diems are separate from fees everywhere: the UN's daily subsistence allowance rates are set by the International Civil Service Commission for each location, and the EU publishes its own per diem rates by country.",
        ],
      },
      {
        heading: "Working out your own rate",
        blocks: [
          "A day rate is not a salary divided by 260. Between assignments you write proposals, travel unpaid, train and wait. A method that holds up:",
          {
            steps: [
              "Decide the yearly income you need before tax, including what an employer would otherwise pay: health and travel insurance, pension, equipment, professional fees.",
              "Estimate the days you will actually bill in a year. Full-time independent consultants in development work rarely bill more than 120 to 160 days; a first year is often lower.",
              "Divide the yearly amount by the billable days. That is your floor: below it you are paying to work.",
              "Compare the floor with what the assignment's funder pays for the level asked (the table above tells you where to look) and with rates other consultants publish.",
            ],
          },
          "A worked example: a national consultant who needs USD 42,000 a year before tax, and expects to bill 140 days, has a floor of USD 300 a day. If the notice is for a national consultant on a fee-plus-reimbursables contract, that floor is the fee; for an all-inclusive offer with twenty field days, add the travel and subsistence on top.",
        ],
      },
      {
        heading: "Showing your rate in the directory",
        blocks: [
          "Your profile can carry a daily rate range in the currency you choose. You decide who sees it: nobody but you, signed-in organizations, or everyone. A published range saves both sides a round of messages, and organizations can compare it with the funder's rules before they write.",
        ],
      },
    ],
    sources: [
      {
        title: "ST/AI/2013/4: Consultants and individual contractors",
        publisher: "United Nations Secretariat",
        url: "https://hr.un.org/",
      },
      {
        title: "Programme and Operations Policies and Procedures: Individual Contract",
        publisher: "UNDP",
        url: "https://popp.undp.org/",
      },
      {
        title: "Daily subsistence allowance rates",
        publisher: "International Civil Service Commission",
        url: "https://icsc.un.org/",
      },
      {
        title: "Procurement Regulations for IPF Borrowers",
        publisher: "World Bank",
        url: "https://www.worldbank.org/en/projects-operations/products-and-services/brief/procurement-new-framework",
      },
      {
        title: "Contractual procedures for EU external action: a practical guide (PRAG)",
        publisher: "European Commission, DG International Partnerships",
        url: "https://wikis.ec.europa.eu/display/ExactExternalWiki/",
      },
      {
        title: "Adviser Remuneration Framework",
        publisher: "Australian Department of Foreign Affairs and Trade",
        url: "https://www.dfat.gov.au/about-us/publications/adviser-remuneration-framework",
      },
    ],
  },
  {
    slug: "p11-and-eu-cv-formats",
    title: "The UN P11 and the EU CV format, explained",
    summary:
      "What the two forms most often required in the region ask for, section by section, and how to fill them in so an evaluator can count your experience.",
    audience: "Consultants",
    checked: "2026-11",
    sections: [
      {
        heading: "The UN Personal History Form (P11)",
        blocks: [
          "The P11 is the United Nations' personal history form. Many UN agencies accept a CV instead for individual consultancies, but a notice may still ask for the P11, and some ask for both. It asks for:",
          {
            list: [
              "Personal details: name, date and place of birth, nationality, contact details.",
              "Languages: for each, whether you read, write, speak and understand it easily or not easily.",
              "Education: universities and schools, dates, degrees and main subjects.",
              "Employment record: every post, starting with the present one and going back, with dates, title, employer, supervisor, a description of your duties and, on the older forms, your salary and the reason for leaving.",
              "References: people who know your work and are not related to you.",
              "A certification that the statements are true, signed and dated.",
            ],
          },
          "Consultants' careers are a series of short contracts, and a P11 that lists forty of them one by one becomes unreadable. Group short assignments under a heading per period if the form allows it, but never leave a gap unexplained: evaluators count the months.",
        ],
      },
      {
        heading: "The EU CV format",
        blocks: [
          "Firms bidding for EU-funded contracts must present their experts' CVs in the format annexed to the tender dossier. Its sections, in order:",
          {
            list: [
              "Family name, first names, date of birth and nationality.",
              "Education: institution, dates, and degree or diploma obtained.",
              "Language skills on a scale from 1 (excellent) to 5 (basic), for reading, speaking and writing.",
              "Membership of professional bodies, and other skills (for example software).",
              "Present position and years within the firm.",
              "Key qualifications relevant to the assignment.",
              "Specific experience in the region: country and dates.",
              "Professional experience: for each assignment, dates, location, company and reference person, position, and a description of what you did.",
              "Other relevant information, such as publications.",
            ],
          },
          "Evaluators score the key experts' CVs against the requirements in the terms of reference (for example ten years of general experience and five similar assignments). Write each professional experience entry so that it shows whether it counts: dates in months and years, the client and the donor, your position, and the part of the work that matches the requirement. The firm will also ask you to sign a statement of exclusivity and availability for that tender.",
        ],
      },
      {
        heading: "The banks' formats",
        blocks: [
          "The World Bank's standard requests for proposals include a CV form for each key expert in the firm's technical proposal, and ADB's Consultant Management System keeps a CV (biodata) in your profile that its evaluators read. The logic of all of them is the same as the EU's: assignments with dates, clients, positions and what you did, in reverse order.",
        ],
      },
      {
        heading: "Keep one record, export many formats",
        blocks: [
          "Keep your track record in one place (assignments with their dates, clients, donors, countries and your role) and produce each format from it, rather than editing five CVs by hand. Your profile here holds that record, and organizations can download it as a donor-style CV.",
        ],
      },
    ],
    sources: [
      {
        title: "Personal History Form (P11)",
        publisher: "United Nations",
        url: "https://careers.un.org/",
      },
      {
        title: "Contractual procedures for EU external action: a practical guide (PRAG), annexes to the tender dossier",
        publisher: "European Commission, DG International Partnerships",
        url: "https://wikis.ec.europa.eu/display/ExactExternalWiki/",
      },
      {
        title: "What is the Consultant Management System?",
        publisher: "Asian Development Bank",
        url: "https://www.adb.org/business/how-to/what-consultant-management-system",
      },
      {
        title: "Standard Procurement Documents: Request for Proposals, consulting services",
        publisher: "World Bank",
        url: "https://www.worldbank.org/en/projects-operations/products-and-services/brief/procurement-new-framework",
      },
    ],
  },
];

export function findGuide(slug: string) {
  return GUIDES.find((guide) => guide.slug === slug);
}
