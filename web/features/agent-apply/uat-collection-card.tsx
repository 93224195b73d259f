import { FlaskConical } from 'lucide-react';
import { toast } from 'sonner';
import { UAT_COLLECTION_FILE_NAME } from '#common/api/agent-application';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { useDownloadUatCollection } from './api/get-uat-collection';
import { CardHeading } from './card-heading';
import { saveJsonFile } from './save-json-file';

/** /agent/apply: the link that downloads the UAT testing collection, and how to run it. */
export function UatCollectionCard() {
  const download = useDownloadUatCollection();

  const save = async () => {
    try {
      saveJsonFile(UAT_COLLECTION_FILE_NAME, await download.mutateAsync());
    } catch (err) {
      toast.error('Download failed', {
        description: `${err instanceof Error ? err.message : ''} Try the download again in a moment.`.trim(),
      });
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3 space-y-0 p-5">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <FlaskConical aria-hidden="true" className="size-4" />
        </span>
        <div className="grid gap-1">
          <CardHeading>UAT testing collection</CardHeading>
          <CardDescription>
            A Postman collection that buys through every operation of both agent APIs (documented API and
            ACP), checking each answer.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-3 px-5 pb-5">
        <Button variant="link" className="h-auto p-0" onClick={save} disabled={download.isPending}>
          {download.isPending && <Spinner className="size-4" label="Preparing the collection" />}
          Download UAT testing collection
        </Button>
        <p className="text-xs text-slate-600">
          Set <code className="font-mono">api_key</code> to your API key, then run it in Postman or with:
        </p>
        {/* A command keeps its lines (so it can be pasted), so a narrow card scrolls it; focusable so
            keyboard users can scroll too. */}
        <pre
          tabIndex={0}
          className="overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {`newman run ${UAT_COLLECTION_FILE_NAME} \\\n  --env-var api_key=ak_test_...`}
        </pre>
      </CardContent>
    </Card>
  );
}
