import { FileDown } from 'lucide-react';
import { toast } from 'sonner';
import {
  AGENT_APPLICATION_DEFAULTS,
  AGENT_APPLICATION_MESSAGES,
  agentApplicationSchema,
} from '#common/validation/agent-application';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input, Textarea } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useZodForm } from '#web/lib/use-zod-form';
import { useGenerateApplicationBundle } from './api/generate-application-bundle';
import { CardHeading } from './card-heading';
import { bundleFileName, saveJsonFile } from './save-json-file';

/**
 * The /agent/apply inputs and 'Generate Application Bundle': the answers are checked with the shared
 * rules, sent as typed (the server splits them the same way), and the bundle comes back as a JSON file.
 */
export function ApplicationForm({ canGenerate }: { canGenerate: boolean }) {
  const { register, handleSubmit, getValues, formState, applyServerErrors } = useZodForm(
    agentApplicationSchema,
    { defaultValues: AGENT_APPLICATION_DEFAULTS },
  );
  const generate = useGenerateApplicationBundle();
  const { errors } = formState;

  const submit = handleSubmit(async () => {
    try {
      const bundle = await generate.mutateAsync(getValues());
      saveJsonFile(bundleFileName(bundle.generated_at), bundle);
      toast.success(AGENT_APPLICATION_MESSAGES.bundleGenerated, {
        description: AGENT_APPLICATION_MESSAGES.bundleGeneratedNote,
      });
    } catch (err) {
      applyServerErrors(err);
      toast.error(AGENT_APPLICATION_MESSAGES.generationFailed, {
        description: AGENT_APPLICATION_MESSAGES.generationFailedNote,
      });
    }
  });

  return (
    <Card>
      <CardHeader className="border-b border-slate-100">
        <CardHeading>Your application</CardHeading>
        <CardDescription>
          Where you sell and how you ship. Separate regions and currencies with commas.
        </CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate aria-label="Application bundle">
        <CardContent className="grid gap-5 pt-6">
          <Field
            label="Product URLs"
            hint="One per line: the product pages you want agents to sell first."
            error={errors.productUrls?.message}
          >
            <Textarea
              rows={5}
              spellCheck={false}
              placeholder={
                'https://yourstore.com/products/first-product\nhttps://yourstore.com/products/second-product'
              }
              {...register('productUrls')}
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Regions" hint="For example UK, EU" error={errors.regions?.message}>
              <Input autoComplete="off" {...register('regions')} />
            </Field>
            <Field
              label="Currencies"
              hint="3-letter codes, for example GBP, EUR, USD"
              error={errors.currencies?.message}
            >
              <Input autoComplete="off" className="uppercase" {...register('currencies')} />
            </Field>
          </div>
          <Field label="Fulfilment method" hint="Who ships your orders" error={errors.fulfilment?.message}>
            <Input autoComplete="off" {...register('fulfilment')} />
          </Field>
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-3 border-t border-slate-100 bg-slate-50/60 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-500">
            Downloads a JSON file with your answers and your live discovery, health and OpenAPI documents.
          </p>
          <Button type="submit" disabled={!canGenerate || generate.isPending} className="shrink-0">
            {generate.isPending ? (
              <Spinner className="size-4 text-white" label="Generating the bundle" />
            ) : (
              <FileDown aria-hidden="true" />
            )}
            {generate.isPending ? 'Generating Bundle...' : 'Generate Application Bundle'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
