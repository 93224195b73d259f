import { ExternalLink, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button';
import { getAcpHealth } from './api/get-acp-health';
import { getAcpOpenApi } from './api/get-acp-openapi';
import { openJsonWindow, WindowBlockedError } from './json-window';
import { toastHealthUnreachable, toastOpenApiUnreachable, toastWindowBlocked } from './readiness-toasts';

/**
 * The public documents an agent reads, each in a new window: Discovery is opened at its
 * address; Health and OpenAPI are fetched and their JSON shown, so a failure can be explained here.
 */
export function AgentDocuments() {
  return (
    <div role="group" aria-label="Agent documents" className="grid grid-cols-3 gap-2 sm:flex">
      <Button asChild variant="outline" size="sm">
        <a href="/.well-known/agent-commerce.json" target="_blank" rel="noopener noreferrer">
          Discovery
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">(opens in a new window)</span>
        </a>
      </Button>
      <JsonWindowButton
        label="Health"
        title="ACP health"
        load={getAcpHealth}
        onError={toastHealthUnreachable}
      />
      <JsonWindowButton
        label="OpenAPI"
        title="Agent APIs OpenAPI document"
        load={getAcpOpenApi}
        onError={toastOpenApiUnreachable}
      />
    </div>
  );
}

interface JsonWindowButtonProps {
  label: string;
  title: string;
  load: () => Promise<unknown>;
  onError: (err: Error) => void;
}

function JsonWindowButton({ label, title, load, onError }: JsonWindowButtonProps) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await openJsonWindow(title, load);
    } catch (err) {
      if (err instanceof WindowBlockedError) toastWindowBlocked(err);
      else onError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={open} disabled={opening}>
      {label}
      {opening ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <ExternalLink aria-hidden="true" />
      )}
      <span className="sr-only">(opens in a new window)</span>
    </Button>
  );
}
