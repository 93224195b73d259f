import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

/**
 * What a card shows when its data could not be loaded: what failed (title), why and what to do
 * (children), and Try again, which shows progress while the retry runs.
 */
export function LoadError({
  title,
  children,
  onRetry,
  retrying = false,
}: {
  title: string;
  children?: ReactNode;
  onRetry(): void;
  retrying?: boolean;
}) {
  return (
    <Alert variant="error" title={title}>
      {children}
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </Alert>
  );
}
