/**
 * The filters of /content live in the address (`?type=&category=&tag=&q=`), so the route's loader
 * starts the filtered query and a filtered list can be linked to. Kept apart from the page so the
 * router can read them without loading the page's code.
 */
export type ContentFilters = { contentType: string; categoryId: string; tagId: string; search: string };

const PARAMS: Record<keyof ContentFilters, string> = { contentType: 'type', categoryId: 'category', tagId: 'tag', search: 'q' };
const KEYS = Object.keys(PARAMS) as (keyof ContentFilters)[];

export const contentFiltersOf = (params: URLSearchParams): ContentFilters =>
  Object.fromEntries(KEYS.map((key) => [key, params.get(PARAMS[key]) ?? ''])) as ContentFilters;

/** The address's parameters for these filters; an empty filter is left out. */
export const contentFilterParams = (filters: ContentFilters) =>
  new URLSearchParams(KEYS.flatMap((key) => (filters[key].trim() ? [[PARAMS[key], filters[key].trim()]] : [])));

/** ContentPageQuery's variables for the filters in an address. */
export const contentQueryVariables = (url: string) => {
  const filters = contentFiltersOf(new URL(url).searchParams);
  return {
    contentType: filters.contentType.toLowerCase() || null,
    categoryId: filters.categoryId || null,
    tagId: filters.tagId || null,
    search: filters.search || null,
  };
};
