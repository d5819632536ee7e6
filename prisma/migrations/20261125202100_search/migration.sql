-- Full-text search (services/search.ts). Written by hand: Prisma knows these columns only as
-- Unsupported types and does not model generated columns or functions.

-- The text-search configuration of a text's language, chosen simply: russian when it has Cyrillic
-- letters (the russian configuration also stems the Latin words of a mixed text, in English), french
-- when it has letters only French uses among the three or several French function words, english
-- otherwise. IMMUTABLE so generated columns may call it.
CREATE FUNCTION "search_config_of"(body text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN body ~ '[А-Яа-яЁё]' THEN 'pg_catalog.russian'::regconfig
    WHEN body ~* '[àâæçèéêëîïôœùûüÿ]'
      OR regexp_count(lower(body), '\m(les|des|une|est|pour|avec|dans|sur|aux|nous|vous|qui|que|pas|du|le|la|et)\M') >= 2
      THEN 'pg_catalog.french'::regconfig
    ELSE 'pg_catalog.english'::regconfig
  END
$$;

-- The configuration used is stored next to the vector generated with it (the highlight reuses it).
ALTER TABLE "publications"
  ADD COLUMN "search_config" regconfig GENERATED ALWAYS AS ("search_config_of"("content")) STORED,
  ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector("search_config_of"("content"), "content")) STORED;

-- Names are not stemmed: 'simple' keeps every word as written (lowercased), and search matches prefixes.
ALTER TABLE "users" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('pg_catalog.simple'::regconfig,
    "username" || ' ' || "first_name" || ' ' || coalesce("middle_name", '') || ' ' || "last_name")
) STORED;

ALTER TABLE "tags" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  to_tsvector('pg_catalog.simple'::regconfig, "name")
) STORED;

-- CreateIndex
CREATE INDEX "publications_search_vector_idx" ON "publications" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "tags_search_vector_idx" ON "tags" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "users_search_vector_idx" ON "users" USING GIN ("search_vector");
