import { FlaskConical } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { useSandboxCredentials } from './api/get-sandbox-credentials';

/**
 * Sandbox only: fills a connection form with the credentials the provider's simulator accepts, so a
 * newcomer can finish setup without looking anything up. Nothing is shown outside the sandbox.
 */
export function FillSandboxCredentials({
  provider,
  fields,
  onFill,
}: {
  provider: string;
  /** The form's field names; only these are filled. */
  fields: string[];
  onFill(values: Record<string, string>): void;
}) {
  const credentials = useSandboxCredentials(provider);
  if (!credentials) return null;
  const values = Object.fromEntries(
    fields.flatMap((name) => (name in credentials ? [[name, credentials[name]!]] : [])),
  );
  if (Object.keys(values).length === 0) return null;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="justify-self-start"
      onClick={() => onFill(values)}
    >
      <FlaskConical aria-hidden="true" />
      Fill sandbox credentials
    </Button>
  );
}
