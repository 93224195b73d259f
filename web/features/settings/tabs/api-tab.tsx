import { ApiKeyCard } from '#web/features/developers';

/** Settings › API: the key AI agents send with every request. */
export function ApiTab() {
  return (
    <div className="grid max-w-2xl gap-4">
      <p className="text-sm text-slate-600">
        Agents send this key as <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>{' '}
        on the documented agent API and on ACP. Keep it secret: anyone holding it can create checkouts for
        your store.
      </p>
      <ApiKeyCard />
    </div>
  );
}
