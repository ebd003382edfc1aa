import { Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { inputClasses, Select } from "#app/components/ui/field.tsx";
import { Options } from "#app/components/ui/options.tsx";
import { valueLabel } from "#app/i18n/labels.ts";
import { translateText } from "#app/i18n/translate-text.ts";
import { canonicalLanguage, LANGUAGE_LEVEL_LABELS, LANGUAGE_LEVELS, LANGUAGE_NAMES } from "#common/track-record.ts";

// Languages with a level. Once the page runs, languages are picked from the controlled list with
// a type-ahead (an ARIA combobox: arrows, Enter, Escape) and each gets a level; the names travel
// as `languages` and the levels as `languageLevels.<Name>`. Without JavaScript it is the text
// field it always was (comma-separated), with a level for each language already saved.

type Chosen = { name: string; level: string };

function splitNames(text: string): string[] {
  return text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

export function suggestLanguages(typed: string, chosen: string[], limit = 8): string[] {
  const key = typed.trim().toLocaleLowerCase("en");
  if (!key) return [];
  const open = LANGUAGE_NAMES.filter((name) => !chosen.includes(name));
  const starts = open.filter((name) => name.toLocaleLowerCase("en").startsWith(key));
  const contains = open.filter((name) => !starts.includes(name) && name.toLocaleLowerCase("en").includes(key));
  return [...starts, ...contains].slice(0, limit);
}

function LevelSelect({ language, level, onChange }: { language: string; level: string; onChange?: (level: string) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const languageName = valueLabel(i18n, language, "language");
  return (
    // At least 10rem: on a phone the level moves to a line of its own rather than shrink to a sliver.
    <span className="flex min-w-40 flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor={id} className="shrink-0 whitespace-nowrap text-sm text-muted">
        <Trans>
          Level<span className="sr-only"> of {languageName}</span>
        </Trans>
      </label>
      <span className="min-w-0 flex-1">
        <Select
          id={id}
          name={`languageLevels.${language}`}
          defaultValue={level}
          onChange={(event) => onChange?.(event.currentTarget.value)}
        >
          <Options
            placeholder={t`Not given`}
            values={LANGUAGE_LEVELS}
            label={(value) => valueLabel(i18n, LANGUAGE_LEVEL_LABELS[value])}
          />
        </Select>
      </span>
    </span>
  );
}

export function LanguagesField({
  initial,
  levels,
  errors,
  onChange,
}: {
  initial: string;
  levels: Record<string, string>;
  errors?: string[];
  onChange?: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const plain = useRef<HTMLInputElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [chosen, setChosen] = useState<Chosen[]>(() => splitNames(initial).map((name) => ({ name, level: levels[name] ?? "" })));
  const [typed, setTyped] = useState("");

  // Once the page runs, the picker takes over from the text field, with what was typed in it.
  useEffect(() => {
    const names = splitNames(plain.current?.value ?? initial);
    const known = [...new Set(names.map((name) => canonicalLanguage(name)).filter((name) => name !== undefined))];
    setChosen(known.map((name) => ({ name, level: levels[name] ?? "" })));
    setTyped(names.filter((name) => !canonicalLanguage(name)).join(", "));
    setEnhanced(true);
  }, []);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const names = chosen.map((item) => item.name);
  const suggestions = open ? suggestLanguages(typed, names) : [];
  const error = errors?.[0];
  const message = error ? translateText(i18n, error) : undefined;
  /** A language's name in the page's language (the value sent stays English). */
  const nameOf = (name: string) => valueLabel(i18n, name, "language");
  const describedBy = [`${id}-hint`, message ? `${id}-error` : ""].filter(Boolean).join(" ");

  function update(next: Chosen[], said: string) {
    setChosen(next);
    setAnnouncement(said);
    // The hidden inputs change after this render: let the draft read them then.
    setTimeout(() => onChange?.(), 0);
  }
  function pick(name: string) {
    const shown = nameOf(name);
    update([...chosen, { name, level: "" }], t`${shown} added. Choose its level.`);
    setTyped("");
    setOpen(false);
    input.current?.focus();
  }
  function remove(index: number) {
    const shown = nameOf(chosen[index]?.name ?? "");
    update(
      chosen.filter((_, at) => at !== index),
      t`${shown} removed.`,
    );
    input.current?.focus();
  }
  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (suggestions.length ? (current + step + suggestions.length) % suggestions.length : 0));
    } else if (event.key === "Enter") {
      // Enter picks the language; it never sends the form from here.
      event.preventDefault();
      const name = suggestions[active] ?? suggestLanguages(typed, names)[0];
      if (name) pick(name);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  if (!enhanced) {
    return (
      <div className="grid gap-2 sm:col-span-2">
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          <Trans>Languages</Trans>
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          <Trans>Separate with commas, e.g. English, Thai, Vietnamese</Trans>
        </p>
        <input
          ref={plain}
          className={inputClasses}
          id={id}
          name="languages"
          defaultValue={initial}
          aria-describedby={describedBy}
          aria-invalid={message ? true : undefined}
        />
        {message && (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {message}
          </p>
        )}
        {chosen.map((item) => (
          <LevelSelect key={item.name} language={item.name} level={item.level} />
        ))}
      </div>
    );
  }

  const listId = `${id}-list`;
  return (
    <fieldset className="grid min-w-0 gap-2 sm:col-span-2" aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-ink">
        <Trans>Languages</Trans>
      </legend>
      <input type="hidden" name="languages" value={names.join(", ")} />
      {chosen.length > 0 && (
        <ul className="grid gap-2">
          {chosen.map((item, index) => (
            <li key={item.name} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-3 py-2">
              <span className="min-w-24 font-medium text-ink">{nameOf(item.name)}</span>
              <LevelSelect
                language={item.name}
                level={item.level}
                onChange={(level) => setChosen(chosen.map((entry, at) => (at === index ? { ...entry, level } : entry)))}
              />
              <Button variant="ghost" size="sm" onClick={() => remove(index)} className="ml-auto">
                <X aria-hidden="true" className="size-4" />
                <Trans>
                  Remove<span className="sr-only"> {nameOf(item.name)}</span>
                </Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <label htmlFor={id} className="block text-sm text-ink">
          <Trans>Add a language</Trans>
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          <Trans>Type the first letters, then pick it from the list with the arrow keys and Enter.</Trans>
        </p>
        <input
          ref={input}
          id={id}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-activedescendant={suggestions.length > 0 ? `${listId}-${active}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={message ? true : undefined}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className={`${inputClasses} mt-1`}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={t`Languages to add`}
          hidden={suggestions.length === 0}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((name, index) => (
            <div
              key={name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(name)}
              onKeyDown={() => {}}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-brand-50 text-brand-900" : "text-ink"}`}
            >
              {nameOf(name)}
            </div>
          ))}
        </div>
      </div>
      {message && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {message}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
