import { ProtectedRoute } from '#web/features/auth/protected-route';

/** The merchant's side of the product: signed-in only, on a quiet background. */
export function AppLayout() {
  return (
    <div className="min-h-[calc(100vh-4rem)] bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <ProtectedRoute />
      </div>
    </div>
  );
}
