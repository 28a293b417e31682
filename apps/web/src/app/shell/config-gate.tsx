import { type ReactNode, useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { loadConfig, loadedConfig } from '../../config/app-config.ts';
import { ConfigError } from '../../config/validate-config.ts';
import { t } from '../../i18n/i18n.ts';

/**
 * Renders the app once /app-config.json is loaded and valid, and `until` (the first screen's code) has
 * settled, so that screen renders without suspending. A failure is thrown during render so the error
 * boundary shows 'Configuration Error'.
 */
export function ConfigGate({
  children,
  until,
}: {
  children: ReactNode;
  until?: Promise<unknown> | undefined;
}) {
  const [ready, setReady] = useState(() => loadedConfig() !== undefined && until === undefined);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    Promise.all([loadConfig(), until]).then(
      () => live && setReady(true),
      (e: unknown) => live && setError(e ?? new ConfigError('/app-config.json could not be read')),
    );
    return () => {
      live = false;
    };
  }, [ready, until]);
  if (error) throw error;
  return ready ? children : <Spinner label={t('common.loading')} showLabel={false} />;
}
