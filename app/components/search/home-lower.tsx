import { Trans } from "@lingui/react/macro";
import { CountryTiles } from "./country-tiles.tsx";
import { AboutDirectory, JoinBanner } from "./home-sections.tsx";
import { SpecializationTiles } from "./specialization-tiles.tsx";

// The home page below the results: the countries, the specializations, the directory in short and
// the call to consultants. Links and text only, so home.tsx loads this code after the page's first
// load: the server HTML has it whole, its links work before it hydrates.

export default function HomeLower({ countries }: { countries: { country: string; count: number }[] | null }) {
  return (
    <>
      {countries && (
        <section id="countries" aria-labelledby="countries-heading" className="scroll-mt-20 bg-white">
          <div className="mx-auto max-w-7xl px-4 py-14">
            <h2 id="countries-heading" className="text-2xl font-bold text-ink">
              <Trans>Consultants across Southeast Asia</Trans>
            </h2>
            <p className="mt-2 max-w-2xl text-muted">
              <Trans>Experts based in each of the ten ASEAN countries.</Trans>
            </p>
            <CountryTiles countries={countries} />
          </div>
        </section>
      )}

      <section
        id="specializations"
        aria-labelledby="specializations-heading"
        className="mx-auto max-w-7xl scroll-mt-20 px-4 py-14"
      >
        <h2 id="specializations-heading" className="text-2xl font-bold text-ink">
          <Trans>Browse by specialization</Trans>
        </h2>
        <p className="mt-2 max-w-2xl text-muted">
          <Trans>Ten areas of international development work.</Trans>
        </p>
        <SpecializationTiles />
      </section>

      <AboutDirectory />
      <JoinBanner />
    </>
  );
}
