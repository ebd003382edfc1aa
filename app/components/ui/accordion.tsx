import { ChevronDown } from "lucide-react";
import { createContext, useContext, useId, useState } from "react";
import { arrowKeyTarget } from "./arrow-keys.ts";

// The WAI-ARIA accordion pattern, by hand (it replaced Radix's, 6 KB of the help center's first
// load): each question is a heading holding a button with aria-expanded and aria-controls, its
// answer a region labelled by it; one answer open at a time, and a second press closes it; the
// arrow keys, Home and End move between the questions of the whole accordion, wrapping round.

type AccordionState = { open: string | null; toggle: (value: string) => void };

const AccordionContext = createContext<AccordionState>({ open: null, toggle: () => {} });

const TRIGGER = "[data-accordion-trigger]";

/** Arrow keys, Home and End move the focus between the questions (WAI-ARIA accordion). */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
  arrowKeyTarget(event, TRIGGER, "vertical")?.focus();
}

/** One answer open at a time; pressing the open question again closes it. */
export function Accordion({ className, children }: { className?: string; children: React.ReactNode }) {
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (value: string) => setOpen((current) => (current === value ? null : value));
  return (
    <AccordionContext value={{ open, toggle }}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys are handled for the question buttons inside. */}
      <div className={className} onKeyDown={moveFocus}>
        {children}
      </div>
    </AccordionContext>
  );
}

/**
 * One question and its answer. The answer is always in the server HTML (hidden while closed),
 * so search engines get it, and visitors without JavaScript see every answer open.
 */
export function AccordionItem({
  value,
  title,
  headingLevel = 3,
  children,
}: {
  value: string;
  title: React.ReactNode;
  /** The question's heading level in the page outline. */
  headingLevel?: 2 | 3 | 4;
  children: React.ReactNode;
}) {
  const { open, toggle } = useContext(AccordionContext);
  const id = useId();
  const isOpen = open === value;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="border-b border-line last:border-b-0">
      <Heading className="text-base">
        <button
          type="button"
          id={`${id}-trigger`}
          aria-expanded={isOpen}
          aria-controls={`${id}-answer`}
          data-accordion-trigger=""
          onClick={() => toggle(value)}
          className="group flex w-full items-center justify-between gap-4 rounded-md py-4 text-left font-semibold text-ink hover:text-brand-800"
        >
          {title}
          <ChevronDown
            aria-hidden="true"
            className="size-5 shrink-0 text-muted transition-transform duration-200 group-aria-expanded:rotate-180"
          />
        </button>
      </Heading>
      {/* Always rendered: closed answers are hidden by CSS, and shown when the browser runs no scripts. */}
      <section
        id={`${id}-answer`}
        aria-labelledby={`${id}-trigger`}
        className={`pb-5 pr-2 text-[15px] leading-relaxed text-slate-700 noscript:block! sm:pr-9 ${isOpen ? "" : "hidden"}`}
      >
        {children}
      </section>
    </div>
  );
}
