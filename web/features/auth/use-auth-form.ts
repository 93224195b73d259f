import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiRequestError } from '#web/lib/api-client';
import { logSecurityEvent } from './api';

/**
 * A form bound to one of the shared auth schemas. Rejected input is reported as a validation_failure
 * security event (field names and a masked e-mail only), and server field messages land on their fields.
 */
export function useAuthForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  form: 'signup' | 'signin',
  defaultValues: T,
) {
  const methods = useForm<T>({
    resolver: zodResolver(schema) as unknown as Resolver<T>,
    defaultValues: defaultValues as DefaultValues<T>,
    mode: 'onSubmit',
  });

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

  const applyServerErrors = (err: unknown) => {
    if (!(err instanceof ApiRequestError)) return;
    for (const [field, message] of Object.entries(err.fieldErrors)) {
      methods.setError(field as Path<T>, { type: 'server', message });
    }
  };

  return { methods, onInvalid, applyServerErrors };
}
