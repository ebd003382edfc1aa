-- Listings of one country in featured order (issue 15): the home page's country tiles link to
-- them, and paging through a country's thousands of profiles walked the featured index past every
-- other country's (page 75 of Thailand: 8 870 profiles read, 18 ms at 100 000 profiles). This
-- index holds each country's listed profiles in that order: the same page reads 900 index entries
-- (0.3 ms), and the count to the cap reads only the index.
CREATE INDEX IF NOT EXISTS consultants_country_featured_idx ON consultants (country, static_score DESC, id DESC)
  WHERE status = 'approved';
