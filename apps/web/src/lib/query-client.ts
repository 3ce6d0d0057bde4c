import { QueryClient } from '@tanstack/react-query';

/** Query keys shared by hooks, loaders and the api client. */
export const queryKeys = {
  /** Every language of the settings (invalidate this prefix to refetch them all). */
  settings: ['settings'] as const,
  /** The settings with their site texts in `lng` (SPEC.md 3): each language is its own entry. */
  settingsIn: (lng: string) => ['settings', lng] as const,
  user: ['user'] as const,
  companyInfo: ['companyinfo'] as const,
  interests: ['interests'] as const,
  regions: ['regions'] as const,
  search: (params: Record<string, unknown>) => ['search', params] as const,
  profile: (id: number) => ['profile', id] as const,
};

/**
 * Prefixes of the queries whose answers hold texts from the database in the member's saved language
 * (gift names in the catalogue and in conversations; docs/decisions/019-catalogue-texts.md): refetched
 * when the member switches language.
 */
export const DATABASE_TEXT_QUERIES = [['gifts'], ['chat']] as const;

/** The one query client of the browser app; the api client already retries, so queries do not. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
