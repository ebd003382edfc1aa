import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { type SearchParams, searchQueryString } from "#common/search.ts";

/** Typing pauses this long before the results follow: one request per pause, not per keystroke. */
export const TYPING_DELAY_MS = 400;

export function searchHref(params: Partial<SearchParams>, hash = "consultants") {
  return `/${searchQueryString(params)}${hash ? `#${hash}` : ""}`;
}

/**
 * The search form's state, with the URL as the source of truth. Each change navigates (page back
 * to 1), so a search is a link and the back button steps through it; typing waits for a pause
 * and replaces the entry it created while the same word is being typed.
 */
export function useSearchNavigation(params: SearchParams) {
  const navigate = useNavigate();
  const [values, setValues] = useState<SearchParams>(params);
  const keywordsRef = useRef<HTMLInputElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typedEntry = useRef(false);

  // The URL moved (back button, a chip, a page link): show what it says, except the words
  // someone is still typing. Not on mount: the state holds these params already, and a new object
  // would render the whole page again, in one task, just after hydration.
  const urlKey = searchQueryString(params);
  const shownKey = useRef(urlKey);
  useEffect(() => {
    if (urlKey === shownKey.current) return;
    shownKey.current = urlKey;
    setValues((current) => ({
      ...params,
      keywords: document.activeElement === keywordsRef.current ? current.keywords : params.keywords,
    }));
  }, [urlKey]);

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const go = useCallback(
    (next: SearchParams, { scroll = false, replace = false } = {}) => {
      clearTimeout(typingTimer.current);
      navigate(searchHref({ ...next, page: 1 }, scroll ? "consultants" : ""), { preventScrollReset: !scroll, replace });
    },
    [navigate],
  );

  const change = useCallback(
    <K extends keyof SearchParams>(field: K, value: SearchParams[K]) => {
      typedEntry.current = false;
      const next = { ...values, [field]: value, page: 1 };
      setValues(next);
      go(next);
    },
    [go, values],
  );

  const type = useCallback(
    (keywords: string) => {
      const next = { ...values, keywords: keywords.trim() ? keywords : undefined, page: 1 };
      setValues(next);
      clearTimeout(typingTimer.current);
      // A single letter matches nearly everything and nothing useful: wait for more.
      if (keywords.trim().length === 1) return;
      typingTimer.current = setTimeout(() => {
        go(next, { replace: typedEntry.current });
        typedEntry.current = true;
      }, TYPING_DELAY_MS);
    },
    [go, values],
  );

  const submit = useCallback(() => {
    typedEntry.current = false;
    go(values, { scroll: true });
  }, [go, values]);

  return { values, keywordsRef, change, type, submit };
}

export type SearchNavigation = ReturnType<typeof useSearchNavigation>;
