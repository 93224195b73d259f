import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { ApiRequestError } from './api-client';

/**
 * A react-hook-form form validated by one of common/validation's zod schemas, so the browser shows the
 * server's messages word for word. `applyServerErrors` puts the server's per-field messages under the fields this
 * form has (a field it does not have is left to the caller's toast), and says whether it placed any.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  const form = useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
  const { getValues, setError } = form;

  const applyServerErrors = useCallback(
    (err: unknown): boolean => {
      if (!(err instanceof ApiRequestError)) return false;
      const values = getValues();
      let placed = false;
      for (const [field, message] of Object.entries(err.fieldErrors)) {
        if (!Object.hasOwn(values, field)) continue;
        setError(field as Path<Input>, { type: 'server', message });
        placed = true;
      }
      return placed;
    },
    [getValues, setError],
  );

  return { ...form, applyServerErrors };
}
