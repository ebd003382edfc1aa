import { ArrowRight, MapPin, Quote } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "../components/page-hero.tsx";
import { RouteErrorBoundary } from "../components/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/success-stories";

// Spec: static sample stories with hard-coded figures. They are labelled as samples on the page.

const HEADLINE_FIGURES = [
  { value: "320+", label: "assignments arranged through the directory" },
  { value: "10", label: "ASEAN countries where our consultants work" },
  { value: "9 days", label: "median time from first message to signed contract" },
  { value: "87%", label: "of organizations would hire through us again" },
] as const;

const STORIES = [
  {
    id: "cambodia-maternal-health",
    title: "Faster referrals for mothers in rural Cambodia",
    country: "Cambodia",
    place: "Kampong Speu province",
    specialization: "Healthcare",
    organization: "A provincial maternal-health NGO",
    consultant: "Public health evaluator, Phnom Penh",
    challenge:
      "The NGO's donor required an independent mid-term evaluation of an emergency-referral pilot, in Khmer, with fieldwork finished before the rainy season closed the roads.",
    work: "The evaluator designed a mixed-methods review, interviewed midwives and commune health volunteers at every pilot centre, and ran a validation workshop with the provincial health department.",
    figures: [
      { value: "14", label: "health centres assessed" },
      { value: "32%", label: "shorter referral time found" },
      { value: "3 weeks", label: "from first message to fieldwork" },
    ],
    quote:
      "We needed someone who could talk to village midwives in Khmer and write for a European donor in English. We found her on the second search.",
    quoteBy: "Programme manager, the NGO",
  },
  {
    id: "vietnam-climate-rice",
    title: "Salt-tolerant rice for Mekong Delta farmers",
    country: "Vietnam",
    place: "Soc Trang and Bac Lieu",
    specialization: "Agriculture",
    organization: "A bilateral donor's climate adaptation programme",
    consultant: "Agronomist and extension specialist, Can Tho",
    challenge:
      "Saltwater intrusion was ruining dry-season harvests. The programme needed an agronomist to train farmer groups on salt-tolerant varieties and alternate rice-shrimp rotation.",
    work: "Over two seasons the consultant built a farmer-field-school curriculum in Vietnamese, trained provincial extension officers as trainers, and set up simple salinity monitoring with the cooperatives.",
    figures: [
      { value: "1,200", label: "farming households trained" },
      { value: "18%", label: "higher dry-season yields" },
      { value: "46", label: "extension officers certified as trainers" },
    ],
    quote:
      "Her profile listed exactly the rotation work we needed and that she was available that month. That saved us a whole recruitment round.",
    quoteBy: "Team leader, the programme",
  },
  {
    id: "philippines-open-budgets",
    title: "Budgets citizens can read in Mindanao",
    country: "Philippines",
    place: "Northern Mindanao",
    specialization: "Governance",
    organization: "An implementing firm on a local-governance project",
    consultant: "Public finance and governance adviser, Cagayan de Oro",
    challenge:
      "Municipalities were legally required to publish their budgets, but the documents were several hundred pages of tables that almost nobody read.",
    work: "The adviser worked with municipal budget officers to produce short citizen budgets in English and Cebuano, and coached civil-society groups to use them in public hearings.",
    figures: [
      { value: "12", label: "municipalities published citizen budgets" },
      { value: "2,300", label: "residents at budget hearings" },
      { value: "4", label: "provinces adopting the template" },
    ],
    quote: "Local knowledge made the difference: he had sat in those budget offices before and knew what would stick.",
    quoteBy: "Deputy chief of party, the firm",
  },
  {
    id: "laos-multigrade-teaching",
    title: "Better teaching in multi-grade schools in Laos",
    country: "Laos",
    place: "Oudomxay and Phongsaly",
    specialization: "Education",
    organization: "A UN agency's basic education programme",
    consultant: "Teacher-training specialist, Vientiane",
    challenge:
      "In remote villages one teacher often teaches three grades at once, with materials written for single-grade classrooms and for children who already speak Lao.",
    work: "The consultant adapted lesson plans for multi-grade classes, added activities for children from ethnic-minority language groups, and trained cluster-based mentors to support teachers between visits.",
    figures: [
      { value: "340", label: "teachers trained" },
      { value: "85", label: "schools reached" },
      { value: "21%", label: "more pupils reading at grade level" },
    ],
    quote: "We had been looking for a Lao-speaking education specialist for months. The directory turned up four.",
    quoteBy: "Education officer, the agency",
  },
  {
    id: "indonesia-flood-resilience",
    title: "Flood-resilient drainage for coastal Semarang",
    country: "Indonesia",
    place: "Central Java",
    specialization: "Infrastructure",
    organization: "A multilateral development bank's urban resilience team",
    consultant: "Water-resources engineer, Semarang",
    challenge:
      "Land subsidence and tidal flooding were outpacing the city's drainage plans. The bank needed a local engineer to review designs and safeguard documents quickly.",
    work: "The engineer reviewed hydraulic models and pump-station designs, checked them against subsidence data, and ran consultations with the affected neighbourhoods as the safeguards required.",
    figures: [
      { value: "6 km", label: "of drainage designs reviewed" },
      { value: "11", label: "community consultations held" },
      { value: "5 weeks", label: "ahead of the appraisal deadline" },
    ],
    quote:
      "Finding a qualified engineer who could also run community consultations in Javanese was the hard part. It wasn't, this time.",
    quoteBy: "Task team leader, the bank",
  },
  {
    id: "thailand-cooperative-payments",
    title: "Digital payments for hill-tribe cooperatives",
    country: "Thailand",
    place: "Chiang Rai and Nan",
    specialization: "Finance",
    organization: "A foundation supporting fair-trade coffee cooperatives",
    consultant: "Inclusive finance and technology consultant, Chiang Mai",
    challenge:
      "Cooperative members were paid in cash, months after harvest, and kept no records that a bank would accept for credit.",
    work: "The consultant mapped the cooperatives' cash flows, set up mobile payments and simple digital ledgers, and trained bookkeepers in Thai and in the members' own languages.",
    figures: [
      { value: "7", label: "cooperatives paying members digitally" },
      { value: "60 → 7", label: "days to pay a farmer after delivery" },
      { value: "190", label: "members with a first credit record" },
    ],
    quote: "She understood both the technology and the people. Our members trust the new system because she took the time.",
    quoteBy: "Director, the foundation",
  },
] as const;

export default function SuccessStories() {
  return (
    <>
      <PageHero
        eyebrow="Success stories"
        title="What the right consultant makes possible"
        lead={
          <p>
            Stories of organizations and consultants who found each other through the directory, from maternal health in Cambodia
            to climate adaptation in the Mekong Delta.
          </p>
        }
      />

      <div className="mx-auto max-w-7xl px-4 pt-10">
        <Alert title="Sample stories">
          These stories and figures are illustrative samples. They show the kind of assignments the directory is built for; the
          organizations, people and numbers are not reports of real projects.
        </Alert>
      </div>

      <section aria-labelledby="figures-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="figures-heading" className="text-2xl font-bold tracking-tight text-ink">
          The directory in numbers <span className="text-base font-medium text-muted">(sample figures)</span>
        </h2>
        <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {HEADLINE_FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col rounded-2xl border border-line bg-white p-5 shadow-card">
              <dt className="text-sm text-muted">{figure.label}</dt>
              <dd className="order-first text-3xl font-bold tracking-tight text-brand-700">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="stories-heading" className="mx-auto max-w-7xl px-4">
        <h2 id="stories-heading" className="sr-only">
          Stories
        </h2>
        <ul className="grid gap-8">
          {STORIES.map((story) => (
            <li key={story.id}>
              <article
                aria-labelledby={`${story.id}-title`}
                className="grid overflow-hidden rounded-3xl border border-line bg-white shadow-card lg:grid-cols-[3fr_2fr]"
              >
                <div className="p-6 sm:p-8">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="solid">{story.specialization}</Badge>
                    <Badge tone="neutral">
                      <MapPin aria-hidden="true" className="size-3" />
                      {story.place}, {story.country}
                    </Badge>
                    <Badge tone="accent">Sample story</Badge>
                  </div>
                  <h3 id={`${story.id}-title`} className="mt-4 text-xl font-bold tracking-tight text-ink sm:text-2xl">
                    {story.title}
                  </h3>
                  <p className="mt-2 text-sm text-muted">
                    {story.organization} · {story.consultant}
                  </p>
                  <h4 className="mt-5 text-sm font-semibold uppercase tracking-wide text-brand-800">The challenge</h4>
                  <p className="mt-1 leading-relaxed text-slate-700">{story.challenge}</p>
                  <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-brand-800">What the consultant did</h4>
                  <p className="mt-1 leading-relaxed text-slate-700">{story.work}</p>
                </div>
                <div className="flex flex-col justify-between gap-6 bg-brand-50 p-6 sm:p-8">
                  <dl className="grid grid-cols-3 gap-3 lg:grid-cols-1">
                    {story.figures.map((figure) => (
                      <div key={figure.label} className="flex flex-col">
                        <dt className="text-xs leading-snug text-muted sm:text-sm">{figure.label}</dt>
                        <dd className="order-first text-xl font-bold text-brand-800 sm:text-2xl">{figure.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <figure className="border-l-4 border-accent-500 pl-4">
                    <Quote aria-hidden="true" className="size-5 text-accent-700" />
                    <blockquote className="mt-1 text-[15px] italic leading-relaxed text-ink">{story.quote}</blockquote>
                    <figcaption className="mt-2 text-sm text-muted">{story.quoteBy}</figcaption>
                  </figure>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="next-heading" className="mx-auto max-w-7xl px-4 pt-16">
        <div className="on-dark flex flex-col items-start gap-6 rounded-3xl bg-brand-800 p-8 text-white sm:p-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="next-heading" className="text-2xl font-bold tracking-tight">
              Write the next story
            </h2>
            <p className="mt-2 max-w-xl text-brand-100">
              Find a consultant for your programme, or list your own expertise so organizations can find you.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/#consultants" className={buttonClasses({ variant: "inverse", size: "lg" })}>
              Browse Consultants
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link to="/profile/new" className={buttonClasses({ variant: "outline-inverse", size: "lg" })}>
              Join Database
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Success Stories",
    description:
      "Sample stories of development organizations and consultants in Southeast Asia working together: maternal health, climate adaptation, governance, education, infrastructure and inclusive finance.",
  });
}

export { RouteErrorBoundary as ErrorBoundary };
