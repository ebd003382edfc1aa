-- One rule for what counts as a word in the words dictionaries (search_words, 0007, the listed
-- profiles'; opportunity_words, 0046, the published opportunities'): 0046 copied search_words_apply
-- whole, so a change to the rule in one would have left the two correctors disagreeing. Each
-- dictionary's apply function now writes what search_word_deltas counts, in word order (two
-- transactions changing overlapping words never deadlock). Same words, same counts.
CREATE OR REPLACE FUNCTION search_word_deltas(bodies text[], deltas integer[]) RETURNS TABLE (word text, delta integer)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT word, sum(p.delta)::integer
  FROM unnest(bodies, deltas) AS p(body, delta),
       unnest(tsvector_to_array(to_tsvector('search_simple', p.body))) AS word
  WHERE length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]'
  GROUP BY word
  HAVING sum(p.delta) <> 0 AND ts_lexize('english_stem', word) <> '{}'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_apply(profiles text[], deltas integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_words AS s (word, ndoc)
  SELECT d.word, d.delta FROM search_word_deltas(profiles, deltas) d ORDER BY d.word
  ON CONFLICT (word) DO UPDATE SET ndoc = s.ndoc + excluded.ndoc
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION opportunity_words_apply(bodies text[], deltas integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO opportunity_words AS s (word, ndoc)
  SELECT d.word, d.delta FROM search_word_deltas(bodies, deltas) d ORDER BY d.word
  ON CONFLICT (word) DO UPDATE SET ndoc = s.ndoc + excluded.ndoc
$$;
