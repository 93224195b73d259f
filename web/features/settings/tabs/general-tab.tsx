import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import type { MerchantView } from '#common/api/merchant';
import { CURRENCIES } from '#common/domain/currencies';
import { merchantProfileSchema, REGIONS, type Region } from '#common/validation/merchant-profile';
import { Button } from '#web/components/ui/button';
import { Field, Label } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select';
import { useAuth } from '#web/features/auth';
import { useZodForm } from '#web/lib/use-zod-form';
import { useUpdateProfile } from '../api/update-profile';

/** What saving says when there is no signed-in user to save for (the server answers the same). */
const SIGNED_OUT_MESSAGE = 'You must be signed in.';

const isRegion = (value: string | null): value is Region => Boolean(value && value in REGIONS);

/** Settings › General: merchant name, shop logo, region and default currency. */
export function GeneralTab({ merchant }: { merchant: MerchantView | null }) {
  const { user } = useAuth();
  const save = useUpdateProfile();
  const regionId = useId();
  const currencyId = useId();
  const { register, handleSubmit, formState, control, applyServerErrors } = useZodForm(
    merchantProfileSchema,
    {
      defaultValues: {
        name: merchant?.name ?? '',
        region: isRegion(merchant?.region ?? null) ? (merchant!.region as Region) : 'UK',
        defaultCurrency: (CURRENCIES as readonly string[]).includes(merchant?.defaultCurrency ?? '')
          ? (merchant!.defaultCurrency as (typeof CURRENCIES)[number])
          : 'GBP',
        logoUrl: merchant?.logoUrl ?? '',
      },
    },
  );
  const submit = handleSubmit(async (values) => {
    // Signed out in another tab: say so instead of sending a request bound to fail.
    if (!user) {
      toast.error('Error', { description: SIGNED_OUT_MESSAGE });
      return;
    }
    try {
      await save.mutateAsync(values);
      toast.success('Changes saved', { description: 'Agents see your new details from their next request.' });
    } catch (err) {
      applyServerErrors(err);
      toast.error('Error', { description: err instanceof Error ? err.message : undefined });
    }
  });
  const { errors } = formState;
  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-5">
      <Field label="Merchant Name" error={errors.name?.message}>
        <Input autoComplete="organization" {...register('name')} />
      </Field>
      <Field
        label="Shop logo URL"
        error={errors.logoUrl?.message}
        hint="Optional. An https:// address of your logo image, shown in your storefront’s header; without one, your shop’s initial is shown."
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com/logo.png"
          {...register('logoUrl')}
        />
      </Field>
      <Controller
        control={control}
        name="region"
        render={({ field }) => (
          <div className="grid gap-1.5">
            <Label htmlFor={regionId}>Region</Label>
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={regionId} onBlur={field.onBlur} aria-describedby={`${regionId}-hint`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(REGIONS).map(([code, label]) => (
                  <SelectItem key={code} value={code}>
                    {code} {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p id={`${regionId}-hint`} className="text-xs text-slate-500">
              Where you sell from: it decides which orders ship domestically.
            </p>
          </div>
        )}
      />
      <Controller
        control={control}
        name="defaultCurrency"
        render={({ field }) => (
          <div className="grid gap-1.5">
            <Label htmlFor={currencyId}>Default Currency</Label>
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={currencyId} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CURRENCIES.map((currency) => (
                  <SelectItem key={currency} value={currency}>
                    {currency}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
