import { Trans } from "@lingui/react/macro";
import { ArrowDown } from "lucide-react";
import { useEffect, useRef, useState } from "react";

/**
 * While someone types in the hero, the results update below the fold (on a phone, always). This
 * bar, fixed to the bottom of the screen, says how many were found and brings them into view on
 * request: the page never jumps under the field being typed into. It shows only after a search
 * made on this page and only while the results' heading is below the screen.
 */
export function ResultsReady({ searchKey, summary, targetId }: { searchKey: string; summary: string; targetId: string }) {
  const [belowScreen, setBelowScreen] = useState(false);
  const [searched, setSearched] = useState(false);
  const firstKey = useRef(searchKey);

  useEffect(() => {
    if (searchKey !== firstKey.current) setSearched(true);
  }, [searchKey]);

  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setBelowScreen(!entry.isIntersecting && entry.boundingClientRect.top > 0);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);

  if (!searched || !belowScreen || !summary) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 flex justify-center p-3">
      <button
        type="button"
        onClick={() => {
          const target = document.getElementById(targetId);
          target?.scrollIntoView({ block: "start" });
          target?.focus({ preventScroll: true });
        }}
        className="inline-flex items-center gap-2 rounded-full bg-brand-800 px-5 py-3 font-semibold text-white shadow-raised hover:bg-brand-900"
      >
        <ArrowDown aria-hidden="true" className="size-5" />
        <Trans>Show results: {summary}</Trans>
      </button>
    </div>
  );
}
