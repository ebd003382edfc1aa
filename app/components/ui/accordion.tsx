import { ChevronDown } from "lucide-react";
import { Accordion as RadixAccordion } from "radix-ui";

/**
 * Radix's accordion (arrow keys, Home/End, aria-expanded, regions). `type="single" collapsible`
 * keeps one item open at a time.
 */
export const Accordion = RadixAccordion.Root;

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
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Item value={value} className="border-b border-line last:border-b-0">
      <RadixAccordion.Header asChild>
        <Heading className="text-base">
          <RadixAccordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-md py-4 text-left font-semibold text-ink hover:text-brand-800">
            {title}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
            />
          </RadixAccordion.Trigger>
        </Heading>
      </RadixAccordion.Header>
      {/* Always rendered: closed answers are hidden by CSS, and shown when the browser runs no scripts. */}
      <RadixAccordion.Content
        forceMount
        className="pb-5 pr-2 text-[15px] leading-relaxed text-slate-700 data-[state=closed]:hidden noscript:block! sm:pr-9"
      >
        {children}
      </RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
