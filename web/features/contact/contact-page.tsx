import { BookOpen, Clock, Mail, MessageSquareText, Send } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#common/domain/brand';
import { CONTACT_RESPONSE_HOURS } from '#common/domain/limits';
import { contactMessageSchema, type ContactMessageInput } from '#common/validation/contact';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input, Textarea } from '#web/components/ui/input';
import { Eyebrow, Lead, PageHeading, Section } from '#web/components/ui/section';
import { useSeo } from '#web/lib/use-seo';
import { useZodForm } from '#web/lib/use-zod-form';
import { useSendContactMessage } from './api/send-contact-message';

const MESSAGE_MAX = 2000;
const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

function ContactForm() {
  const [params] = useSearchParams();
  // Links such as the enterprise calculator's "Contact sales" can suggest a subject.
  const suggestedSubject = params.get('subject')?.trim().slice(0, 200) ?? '';
  const { register, handleSubmit, formState, reset, watch, applyServerErrors } = useZodForm(
    contactMessageSchema,
    { defaultValues: { ...EMPTY, subject: suggestedSubject } },
  );
  const send = useSendContactMessage();
  const { errors, isSubmitting } = formState;
  const messageLength = watch('message')?.length ?? 0;

  const submit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success("Message sent! We'll get back to you as soon as possible.");
      reset(EMPTY);
    } catch (err) {
      applyServerErrors(err);
      const message = err instanceof Error ? err.message : '';
      toast.error('Error', { description: message || 'Failed to send message. Please try again.' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          <Input autoComplete="name" placeholder="Jane Smith" {...register('name')} />
        </Field>
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="you@store.com" {...register('email')} />
        </Field>
      </div>
      <Field label="Subject" error={errors.subject?.message}>
        <Input placeholder="How can we help?" {...register('subject')} />
      </Field>
      <Field
        label="Message"
        hint={`${messageLength.toLocaleString('en-GB')} / ${MESSAGE_MAX.toLocaleString('en-GB')} characters`}
        error={errors.message?.message}
      >
        <Textarea
          rows={7}
          maxLength={MESSAGE_MAX}
          placeholder="Tell us about your store, the platform you use and what you'd like to do."
          {...register('message')}
        />
      </Field>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">
          Read how we handle your details in our{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            privacy policy
          </Link>
          .
        </p>
        <Button type="submit" size="lg" disabled={isSubmitting} className="sm:min-w-40">
          <Send aria-hidden="true" />
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}

const DETAILS = [
  {
    icon: Clock,
    title: `Reply within ${CONTACT_RESPONSE_HOURS} hours`,
    body: 'Our target for a first reply to every message.',
  },
  {
    icon: MessageSquareText,
    title: 'Business hours',
    body: 'Monday–Friday, 9:00–18:00 GMT',
  },
];

/** /contact: the contact form with the response target, business hours and support e-mail. */
export default function ContactPage() {
  useSeo({
    title: 'Contact us',
    description: `Questions about ${PRODUCT_NAME}, pricing or selling through AI shopping agents? Send us a message and we'll reply within ${CONTACT_RESPONSE_HOURS} hours.`,
    path: '/contact',
  });

  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 via-white to-white">
        <Section className="pb-10 lg:pb-12">
          <Eyebrow>Contact</Eyebrow>
          <PageHeading className="mt-3 max-w-3xl">Talk to the {PRODUCT_NAME} team</PageHeading>
          <Lead className="mt-5 max-w-2xl">
            Questions about plans, connecting your store or getting approved for agent checkout? Send us a
            message and we'll get back to you within {CONTACT_RESPONSE_HOURS} hours.
          </Lead>
        </Section>
      </div>

      <Section className="pt-0 lg:pt-0">
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
          <Card>
            <CardHeader>
              <CardTitle>Send us a message</CardTitle>
              <CardDescription>All fields are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm />
            </CardContent>
          </Card>

          <aside aria-label="Other ways to reach us" className="grid gap-4">
            <Card>
              <CardContent className="grid gap-5 pt-6">
                {DETAILS.map(({ icon: Icon, title, body }) => (
                  <div key={title} className="flex gap-3">
                    <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <div>
                      <p className="font-semibold text-slate-900">{title}</p>
                      <p className="mt-0.5 text-sm text-slate-600">{body}</p>
                    </div>
                  </div>
                ))}
                <div className="flex gap-3">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                    <Mail aria-hidden="true" className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">Email support</p>
                    <a
                      href={`mailto:${SUPPORT_EMAIL}`}
                      className="mt-0.5 block break-all text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      {SUPPORT_EMAIL}
                    </a>
                  </div>
                </div>
              </CardContent>
            </Card>
            <Card className="bg-slate-50">
              <CardContent className="flex gap-3 pt-6">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-slate-700 ring-1 ring-slate-200">
                  <BookOpen aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <p className="font-semibold text-slate-900">Building an integration?</p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    The{' '}
                    <Link
                      to="/docs"
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      API documentation
                    </Link>{' '}
                    covers setup, authentication, checkout and troubleshooting.
                  </p>
                </div>
              </CardContent>
            </Card>
          </aside>
        </div>
      </Section>
    </>
  );
}
