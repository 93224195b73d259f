import type { DefaultValues, FieldErrors, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '#web/lib/use-zod-form';
import { logSecurityEvent } from './api';

/**
 * The app's form helper (useZodForm) bound to one of the shared auth schemas, plus the rule for
 * these two forms: rejected input is reported as a validation_failure security event (field names and a
 * masked e-mail only).
 */
export function useAuthForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  form: 'signup' | 'signin',
  defaultValues: T,
) {
  const methods = useZodForm(schema, { defaultValues: defaultValues as DefaultValues<T>, mode: 'onSubmit' });

  const onInvalid = (errors: FieldErrors<T>) => {
    const email = methods.getValues('email' as Path<T>) as unknown;
    logSecurityEvent({
      type: 'suspicious_activity',
      details: {
        name: 'validation_failure',
        form,
        fields: Object.keys(errors),
        ...(typeof email === 'string' && email ? { email } : {}),
      },
      userAgent: navigator.userAgent,
      timestamp: new Date().toISOString(),
    });
  };

  return { methods, onInvalid, applyServerErrors: methods.applyServerErrors };
}
