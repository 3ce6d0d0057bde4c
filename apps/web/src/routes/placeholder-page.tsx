import { useTranslation } from 'react-i18next';
import { Placeholder } from '../components/placeholder';
import { useRouteHandle } from '../lib/use-route-name';

/** Screen of a route that is still being built: the route's purpose from its handle. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <Placeholder
      title={t(handle.titleKey ?? 'routes.fallback.title')}
      purpose={handle.purposeKey ? t(handle.purposeKey) : undefined}
    />
  );
}

export { PlaceholderPage as Component };
