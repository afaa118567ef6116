import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * A route's `shouldRevalidate` for query parameters the page follows by itself (a list that
 * loads its own pages, a filter shown from a client cache): a navigation that changes only
 * those parameters keeps the loader's data; any other change revalidates as usual.
 */
export function keepDataWhenOnly(names: readonly string[]) {
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of names) params.delete(name);
    return `${url.pathname}?${params}`;
  };
  return ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
    currentUrl.search !== nextUrl.search && rest(currentUrl) === rest(nextUrl)
      ? false
      : defaultShouldRevalidate;
}
