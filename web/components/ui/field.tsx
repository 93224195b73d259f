import { useId, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { cn } from '#web/lib/cn';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium text-slate-800', className)} {...props} />;
}

interface FieldProps {
  label: ReactNode;
  /** Shown under the control when there is no error. */
  hint?: ReactNode;
  error?: string;
  /** Marks the control invalid when the message that explains why is shown elsewhere (one per form). */
  invalid?: boolean;
  className?: string;
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}

/**
 * A labelled form control with its hint or error. It wires id, aria-invalid and aria-describedby so a
 * screen reader announces the message with the field.
 */
export function Field({ label, hint, error, invalid, className, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': message ? messageId : undefined,
      })}
      {message && (
        <p
          id={messageId}
          className={cn('text-xs', error ? 'font-medium text-red-600' : 'text-slate-500')}
          role={error ? 'alert' : undefined}
        >
          {message}
        </p>
      )}
    </div>
  );
}
