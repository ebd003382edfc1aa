import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import {
  Banknote,
  Building2,
  ClipboardList,
  Cpu,
  GraduationCap,
  HeartPulse,
  Landmark,
  Leaf,
  type LucideIcon,
  Sprout,
  UsersRound,
} from "lucide-react";
import { Link } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { searchHref } from "#app/lib/use-search-navigation.ts";
import { SEARCH_SPECIALIZATIONS } from "#common/constants.ts";

type Specialization = (typeof SEARCH_SPECIALIZATIONS)[number];

const AREAS: Record<Specialization, { icon: LucideIcon; blurb: MessageDescriptor }> = {
  "Project Management": { icon: ClipboardList, blurb: msg`Programme design, M&E, team leadership` },
  Healthcare: { icon: HeartPulse, blurb: msg`Public health, health systems, financing` },
  Education: { icon: GraduationCap, blurb: msg`Curriculum, teacher training, TVET` },
  Agriculture: { icon: Sprout, blurb: msg`Value chains, food security, livelihoods` },
  Infrastructure: { icon: Building2, blurb: msg`Water, transport, PPPs, supervision` },
  Environmental: { icon: Leaf, blurb: msg`Climate adaptation, safeguards, energy` },
  Governance: { icon: Landmark, blurb: msg`PFM, decentralisation, rule of law` },
  Finance: { icon: Banknote, blurb: msg`Financial inclusion, microfinance, SMEs` },
  Technology: { icon: Cpu, blurb: msg`Digital public goods, data, GIS` },
  "Gender & Social Inclusion": { icon: UsersRound, blurb: msg`Gender analysis, disability inclusion, safeguarding` },
};

/** The ten areas (spec section 9 plus Gender & Social Inclusion), each opening that search. */
export function SpecializationTiles() {
  const { i18n } = useLingui();
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {SEARCH_SPECIALIZATIONS.map((specialization) => {
        const { icon: Icon, blurb } = AREAS[specialization];
        return (
          <li key={specialization}>
            <Link
              to={searchHref({ expertise: specialization })}
              className="flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md"
            >
              <span aria-hidden="true" className="grid size-11 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <span>
                <span className="block font-semibold text-ink">{valueLabel(i18n, specialization)}</span>
                <span className="mt-0.5 block text-sm text-muted">{i18n._(blurb)}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
