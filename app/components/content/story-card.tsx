import { MapPin, Quote } from "lucide-react";
import type { Story } from "#app/content/stories.ts";
import { Badge } from "../ui/badge.tsx";

/** One sample success story: the narrative on the left, its figures and a quote on the right. */
export function StoryCard({ story }: { story: Story }) {
  return (
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
  );
}
