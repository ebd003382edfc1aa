import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { InputField } from "#app/components/ui/field.tsx";
import { findPlace, suggestPlaces } from "#common/places.ts";

type FormFieldMeta = Parameters<typeof InputField>[0]["field"];

/** The country chosen in the same form, so suggestions stay within it. */
function chosenCountry(input: HTMLInputElement | null): string | undefined {
  const country = input?.form?.elements.namedItem("country");
  return country instanceof HTMLSelectElement && country.value ? country.value : undefined;
}

/**
 * The profile form's City: as the consultant types, the gazetteer suggests canonical places of
 * the chosen country (a native list, so it works with every keyboard and screen reader), and a
 * known other spelling says how it will be stored ("Saigon" is saved as Ho Chi Minh City).
 */
export function CityField({ field, maxLength }: { field: FormFieldMeta; maxLength: number }) {
  const { t } = useLingui();
  const listId = useId();
  const [typed, setTyped] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const [country, setCountry] = useState<string | undefined>();
  const suggestions = suggestPlaces(typed, country);
  const place = typed ? findPlace(typed) : undefined;
  const usual = place?.name ?? "";
  const hint =
    place && place.name !== typed.trim()
      ? t`Saved as ${usual}, the usual spelling: searches for any spelling find you.`
      : t`Start typing to pick your city; any spelling is found by searches.`;
  return (
    <InputField
      field={field}
      label={t`City`}
      autoComplete="address-level2"
      maxLength={maxLength}
      list={listId}
      hint={
        <>
          <span aria-live="polite">{hint}</span>
          <datalist id={listId}>
            {suggestions.map((suggestion) => (
              <option key={suggestion.name} value={suggestion.name} />
            ))}
          </datalist>
        </>
      }
      onInput={(event) => {
        setTyped(event.currentTarget.value);
        setCountry(chosenCountry(event.currentTarget));
      }}
    />
  );
}
