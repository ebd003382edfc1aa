-- The analysis of a search's words (server/services/search/words.ts: each word's stems, its count
-- in the words dictionary, the completions of the last word) as a function with a plan made once
-- per connection (issue 15). Sent as a statement, it was planned anew for each search, since the
-- app's sessions plan every statement for its values (plan_cache_mode = force_custom_plan, right
-- for the search itself), and planning took 0.3–0.4 ms: twice its execution, and a quarter of
-- all the planning of the bench's search mix. Its plan does not depend on the words (pkey look-ups
-- and a trigram prefix scan whose pattern comes from each row), so one generic plan serves all.
-- The SET clause also keeps the function from being inlined into the calling query, where it would
-- be planned each time again.
CREATE OR REPLACE FUNCTION search_analyze_words(words text[], complete_ord integer, completions integer)
RETURNS TABLE (word text, key text, ndoc integer, reach integer, lexemes text[])
LANGUAGE sql STABLE PARALLEL SAFE
SET plan_cache_mode = force_generic_plan
AS $fn$
    select t.word, t.key, t.ndoc, greatest(t.ndoc, coalesce(c.most, 0)) as reach,
      array(
        select distinct lexeme from (
          select unnest(tsvector_to_array(to_tsvector('search_english', t.word))) as lexeme
          union all
          select unnest(tsvector_to_array(to_tsvector('search_english', completion))) from unnest(c.words) as completion
        ) lexemes
      ) as lexemes
    from (
      select input.word, input.ord, search_key(input.word) as key,
        coalesce((select w.ndoc from search_words w where w.word = search_key(input.word)), 0) as ndoc
      from unnest(words) with ordinality as input(word, ord)
    ) t
    left join lateral (
      select array_agg(w.word) as words, max(w.ndoc) as most from (
        select w.word, w.ndoc from search_words w
        -- Only the last word, and not a stop word ("of" is not on its way to "officer").
        where t.ord = complete_ord and char_length(t.key) >= 2
          and to_tsvector('search_english', t.word) <> ''::tsvector
          and w.word like t.key || '%' and w.word <> t.key and w.ndoc > 0
          -- "climate-smart" would add its part "smart": the stem of "climate" already matches it.
          and strpos(w.word, '-') = 0
        order by w.ndoc desc, w.word
        limit completions
      ) w
    ) c on true
    order by t.ord
$fn$;
