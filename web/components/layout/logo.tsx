import { Link } from 'react-router';
import { PRODUCT_NAME } from '#common/domain/brand';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-md font-bold text-slate-900"
      aria-label={`${PRODUCT_NAME} home`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className="text-lg tracking-tight">{PRODUCT_NAME}</span>
    </Link>
  );
}
